/**
 * Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise a file in `<dataDir>/outbox/`.
 * The log names the outbox file, never its recipient or text, except in the embedded demo mode
 * (`logMailText`), where it shows the mail and says why.
 * A mail may carry attachments: the outbox file is then a multipart/mixed message with each one in base64,
 * which a mail program opens as it would the mail sent.
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** The Message-ID header (`<id@domain>`): the same on every attempt, so that a mail sent twice is recognisable. */
  messageId?: string;
}

export interface Mailer {
  /** `messageId`: the Message-ID the mail went with (SMTP), or the one it was given. */
  send(mail: Mail): Promise<{ delivery: 'smtp' | 'outbox'; file?: string; messageId?: string }>;
}

/** The domain of the sender's address, and of the Message-IDs it gives. */
export const MAIL_DOMAIN = 'trungtam.vn';
const FROM = `Trung tâm <no-reply@${MAIL_DOMAIN}>`;

/** A header's value on one line: no CR/LF to start another header, no quote to end a parameter. */
const headerSafe = (value: string) => value.replace(/[\r\n"\\]/g, ' ');

/** The filename parameter: plain when ASCII, RFC 2231 (`filename*=UTF-8''…`) otherwise. */
function filenameParameter(filename: string): string {
  const name = headerSafe(filename);
  return /^[\x20-\x7e]*$/.test(name) ? `filename="${name}"` : `filename*=UTF-8''${encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** The outbox file's text: the single text part as before, or a multipart/mixed message with the attachments. */
function outboxMessage(mail: Mail): string {
  const head = [
    `From: ${FROM}`,
    `To: ${mail.to}`,
    `Subject: =?UTF-8?B?${Buffer.from(mail.subject).toString('base64')}?=`,
    `Date: ${new Date().toUTCString()}`,
    ...(mail.messageId ? [`Message-ID: ${headerSafe(mail.messageId)}`] : []),
    'MIME-Version: 1.0',
  ];
  const textPart = ['Content-Type: text/plain; charset=UTF-8', 'Content-Transfer-Encoding: 8bit', '', mail.text];
  if (!mail.attachments?.length) return [...head, ...textPart, ''].join('\r\n');
  const boundary = `=_part_${randomBytes(12).toString('hex')}`;
  const lines = [...head, `Content-Type: multipart/mixed; boundary="${boundary}"`, '', `--${boundary}`, ...textPart];
  for (const attachment of mail.attachments) {
    lines.push(
      `--${boundary}`,
      `Content-Type: ${headerSafe(attachment.contentType)}`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; ${filenameParameter(attachment.filename)}`,
      '',
      ...(attachment.content.toString('base64').match(/.{1,76}/g) ?? []),
    );
  }
  lines.push(`--${boundary}--`, '');
  return lines.join('\r\n');
}

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
        const info = await transport.sendMail({ from: FROM, ...mail });
        return { delivery: 'smtp', messageId: typeof info.messageId === 'string' ? info.messageId : mail.messageId };
      },
    };
  }
  return {
    async send(mail) {
      fs.mkdirSync(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // no address in the name: the log shows it
      const file = path.join(options.outboxDir, `${stamp}_${randomBytes(4).toString('hex')}.eml`);
      const body = outboxMessage(mail);
      fs.writeFileSync(file, body, { mode: 0o600 });
      if (options.logMailText) {
        options.log(`Demo mode (embedded database, no SMTP_URL): mail to ${mail.to} written to ${file}:\n${mail.subject}\n${mail.text}`);
      } else {
        options.log(`No SMTP_URL: a mail was written to ${file}`);
      }
      return { delivery: 'outbox', file, messageId: mail.messageId };
    },
  };
}
