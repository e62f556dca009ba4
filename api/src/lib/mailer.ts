/** Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise a file in `<dataDir>/outbox/`. */
import fs from 'node:fs';
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
  log: (msg: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
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
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(options.outboxDir, `${stamp}_${safeTo}.eml`);
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
      fs.writeFileSync(file, body);
      // Without SMTP the log is how whoever runs the suite reads the mail (a reset link, say).
      options.log(`Mail to ${mail.to} written to ${file}:\n${mail.subject}\n${mail.text}`);
      return { delivery: 'outbox', file };
    },
  };
}
