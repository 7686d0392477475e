import { messages, PRINT_CARDS_MAX, type PrintCardsBody } from '@punchclock/contract';
import { reachOf, requireAccess } from '../../auth/access';
import type { AuthContext } from '../../auth/guards';
import type { UnitOfWork } from '../unit-of-work';
import { signBadge } from '../../lib/badges';
import { notFound, unprocessable } from '../../lib/errors';
import { qrSvgDataUrl } from '../../lib/qr';
import { cardPdf, cardSheetsPdf } from './card.pdf';
import type { EmployeesRepos } from './employees.repositories';

/** Badges: the signed token a station scans, as a QR, on a printable card, and replaced on demand. */
export function badgesService({
  repos,
  inTransaction,
  appSecret,
}: {
  repos: EmployeesRepos;
  inTransaction: UnitOfWork<EmployeesRepos>;
  appSecret: string;
}) {
  async function badge(auth: AuthContext, id: number) {
    const employee = await repos.employees.badgeOf(auth.accountId, id, reachOf(auth));
    if (!employee) throw notFound(messages.employees.notFound);
    const token = signBadge(appSecret, {
      accountId: auth.accountId,
      employeeRef: employee.id,
      version: employee.badge_version,
    });
    return { employee, token, qr_code: await qrSvgDataUrl(token) };
  }

  return {
    /** A manager reads any badge of the account; an employee only their own (another's: 404). */
    async qr(auth: AuthContext, id: number) {
      requireAccess(auth, 'badges:read', { employeeRef: id, notFoundMessage: messages.employees.notFound });
      const b = await badge(auth, id);
      return {
        qr_code: b.qr_code,
        employee_id: b.employee.employee_id,
        name: b.employee.name,
        message: messages.people.qrGenerated,
      };
    },

    /** A new badge version: every card printed before stops working at the stations. */
    async regenerate(auth: AuthContext, id: number) {
      requireAccess(auth, 'employees:write');
      await inTransaction(async (r) => {
        if (!(await r.employees.badgeOf(auth.accountId, id, reachOf(auth))))
          throw notFound(messages.employees.notFound);
        await r.employees.bumpBadge(auth.accountId, id);
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          employeeId: id,
          action: 'employee.badge_regenerated',
        });
      });
      const b = await badge(auth, id);
      return { message: messages.people.badgeRegenerated, qr_code: b.qr_code };
    },

    /**
     * Many cards at once, as Letter sheets of eight to cut out: the chosen employees, a department's or everyone's
     * in reach (a new company's whole staff after an import). More than PRINT_CARDS_MAX is refused, not cut.
     */
    async cardSheets(auth: AuthContext, pick: PrintCardsBody) {
      requireAccess(auth, 'employees:read');
      const rows = await repos.employees.cardsOf(
        auth.accountId,
        { ids: pick.employee_ids, departmentId: pick.department_id },
        reachOf(auth),
        PRINT_CARDS_MAX + 1,
      );
      if (rows.length === 0) throw notFound(messages.people.noCardsToPrint);
      if (rows.length > PRINT_CARDS_MAX) throw unprocessable(messages.people.tooManyCards(PRINT_CARDS_MAX));
      const company = (await repos.settings.read(auth.accountId)).account_company_name;
      const pdf = await cardSheetsPdf(
        rows.map((e) => ({
          company,
          name: e.name,
          employeeId: e.employee_id,
          department: e.dp_name ?? '',
          badgeToken: signBadge(appSecret, {
            accountId: auth.accountId,
            employeeRef: e.id,
            version: e.badge_version,
          }),
        })),
        company,
      );
      return { pdf, count: rows.length };
    },

    /** The print-ready card: the PDF and its file name (employee-card-{employee_id}.pdf). */
    async card(auth: AuthContext, id: number) {
      requireAccess(auth, 'employees:read');
      const b = await badge(auth, id);
      const e = await repos.employees.one(auth.accountId, auth.ownerUserId, id, reachOf(auth));
      const company = (await repos.settings.read(auth.accountId)).account_company_name;
      const pdf = await cardPdf({
        company,
        name: e.name,
        employeeId: e.employee_id,
        department: e.department_name,
        badgeToken: b.token,
      });
      return { pdf, fileName: `employee-card-${e.employee_id.replace(/[^\w.-]/g, '_')}.pdf` };
    },
  };
}
