/**
 * Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise a file in `<dataDir>/outbox/`.
 * The log names the outbox file, never its recipient or text, except in the embedded demo mode
 * (`logMailText`), where it shows the mail and says why.
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<{ delivery: 'smtp' | 'outbox'; file?: string }>;
}

const FROM = 'Trung tâm <no-reply@trungtam.vn>';

export function createMailer(options: {
  smtpUrl?: string;
  outboxDir: string;
  logMailText: boolean;
  log: (msg: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    // a server that does not answer fails the send within seconds (the outbox retries it later) rather
    // than holding its worker for nodemailer's default minutes
    const transport = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    return {
      async send(mail) {
        await transport.sendMail({ from: FROM, ...mail });
        return { delivery: 'smtp' };
      },
    };
  }
  return {
    async send(mail) {
      fs.mkdirSync(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // no address in the name: the log shows it
      const file = path.join(options.outboxDir, `${stamp}_${randomBytes(4).toString('hex')}.eml`);
      const body = [
        `From: ${FROM}`,
        `To: ${mail.to}`,
        `Subject: =?UTF-8?B?${Buffer.from(mail.subject).toString('base64')}?=`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=UTF-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        mail.text,
        '',
      ].join('\r\n');
      fs.writeFileSync(file, body, { mode: 0o600 });
      if (options.logMailText) {
        options.log(`Demo mode (embedded database, no SMTP_URL): mail to ${mail.to} written to ${file}:\n${mail.subject}\n${mail.text}`);
      } else {
        options.log(`No SMTP_URL: a mail was written to ${file}`);
      }
      return { delivery: 'outbox', file };
    },
  };
}
