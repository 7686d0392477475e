import {
  FAQ_DEFAULT_TOPIC,
  FAQ_MAX_PER_ACCOUNT,
  type faqBody,
  type FaqView,
  messages,
} from '@punchclock/contract';
import type { z } from 'zod';
import { requireAccess } from '../../auth/access';
import type { AuthContext } from '../../auth/guards';
import { loggedRemoval } from '../logged-removal';
import type { UnitOfWork } from '../unit-of-work';
import { found, unprocessable } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { FaqRow, FaqsRepos } from './faqs.repository';

type FaqInput = z.output<typeof faqBody>;

const toView = (f: FaqRow): FaqView => ({
  id: f.id,
  topic: f.topic || FAQ_DEFAULT_TOPIC,
  question: f.question,
  answer: f.answer,
  created_at: f.created_at,
  updated_at: f.updated_at,
});

const columns = (body: FaqInput) => ({
  question: body.question,
  answer: body.answer,
  topic: body.topic || FAQ_DEFAULT_TOPIC,
});

/** The account's FAQs: the Support Center (managers and employees read) and FAQs Management (managers write). */
export function faqsService({
  repos,
  inTransaction,
}: {
  repos: FaqsRepos;
  inTransaction: UnitOfWork<FaqsRepos>;
}) {
  const mustFind = async (r: FaqsRepos, auth: AuthContext, id: number) =>
    found(await r.faqs.find(auth.accountId, id), messages.faq.notFound);

  return {
    async list(auth: AuthContext) {
      requireAccess(auth, 'faqs:read');
      return { data: (await repos.faqs.list(auth.accountId)).map(toView) };
    },

    async create(auth: AuthContext, body: FaqInput) {
      requireAccess(auth, 'faqs:write');
      return inTransaction(async (r) => {
        if ((await r.faqs.count(auth.accountId)) >= FAQ_MAX_PER_ACCOUNT)
          throw unprocessable(messages.faq.tooMany(FAQ_MAX_PER_ACCOUNT));
        const at = nowIso();
        const id = await r.faqs.insert(auth.accountId, { ...columns(body), created_at: at, updated_at: at });
        const saved = await mustFind(r, auth, id);
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'faq.created',
          details: { new: { id, ...columns(body) } },
        });
        return { message: messages.faq.created, data: toView(saved) };
      });
    },

    async update(auth: AuthContext, id: number, body: FaqInput) {
      requireAccess(auth, 'faqs:write');
      return inTransaction(async (r) => {
        const old = await mustFind(r, auth, id);
        await r.faqs.update(auth.accountId, id, { ...columns(body), updated_at: nowIso() });
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'faq.updated',
          details: { old: toView(old), new: columns(body) },
        });
        return { message: messages.faq.updated, data: toView(await mustFind(r, auth, id)) };
      });
    },

    remove: loggedRemoval(inTransaction, {
      permission: 'faqs:write',
      find: mustFind,
      remove: (r, accountId, id) => r.faqs.remove(accountId, id),
      logged: (old) => ({ action: 'faq.deleted', details: { old: toView(old) } }),
      message: messages.faq.deleted,
    }),
  };
}
