import { createPasswordLink } from '../../auth/password-links';
import { conflict } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { messages } from '@punchclock/contract';
import type { EmployeesRepos } from './employees.repositories';

/** Someone to send a set-password invitation: a login made, or its e-mail changed. */
export interface Invitee {
  userId: number;
  email: string;
  name: string;
}

/**
 * Site access with an e-mail gives the employee a login (user_type employee). Answers who to invite when a
 * new login was made or its e-mail changed; removing site access ends its sessions.
 */
export async function syncLogin(
  r: EmployeesRepos,
  accountId: number,
  employeeRef: number,
  who: { name: string; email: string | null; site: boolean },
): Promise<Invitee | null> {
  const { name, email } = who;
  const login = await r.logins.employeeLoginOf(accountId, employeeRef);
  if (!who.site || !email) {
    if (login) await r.logins.revokeEmployeeSessions(accountId, [employeeRef]);
    return null;
  }
  // Login e-mails are unique across accounts: whoever holds this one elsewhere blocks it.
  const holder = await r.logins.findUserByEmail(email);
  if (holder && holder.id !== login?.id)
    throw conflict(
      messages.people.loginEmailTaken,
      { email: [messages.people.loginEmailTaken] },
      'employee.login_email_taken',
    );
  if (login) {
    if (login.email === email) return null;
    await r.logins.updateEmployeeLogin(accountId, login.id, { name, email });
    return { userId: login.id, email, name };
  }
  const userId = await r.logins.insertEmployeeLogin(accountId, { employee_ref: employeeRef, name, email });
  return { userId, email, name };
}

/** Mails an employee's new login its set-password link (60 minutes). */
export async function inviteEmployee(
  deps: { repos: EmployeesRepos; mailer: Mailer; appSecret: string; publicUrl: string },
  accountId: number,
  to: Invitee,
) {
  const { repos, mailer, appSecret, publicUrl } = deps;
  const link = await createPasswordLink(repos.logins, {
    secret: appSecret,
    publicUrl,
    userId: to.userId,
    accountId,
    email: to.email,
  });
  const company = (await repos.settings.read(accountId)).account_company_name;
  await mailer.send({
    to: to.email,
    subject: `${company} invited you to Punchclock`,
    text: `Hello ${to.name},\n\n${company} gave you access to Punchclock, where you can see your hours and punches.\nChoose your password within 60 minutes with this link:\n\n${link}\n\nThen log in with this e-mail address. If the link has expired, use "Forgot password" on the login page.\n`,
    links: [link],
  });
}
