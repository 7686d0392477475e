import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links in the mail, logged when mail goes to the outbox so a developer can follow them. */
  links?: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = 'Punchclock <no-reply@punchclock.local>';

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/outbox and a log line. */
export function createMailer(opts: { smtpUrl?: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: FROM, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
    };
  }
  const outbox = join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({
        from: FROM,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
      await mkdir(outbox, { recursive: true });
      const safeTo = m.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      opts.log.info({ to: m.to, subject: m.subject, file, links: m.links }, 'mail written to outbox');
    },
  };
}
