/**
 * A local SMTP server (smtp-server) that records every mail it receives: its envelope recipients, its
 * subject and its text, decoded. It can be stopped and started again on the same port, as a provider that
 * goes down and comes back.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** A header's RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Subject and text of a single-part text mail (what the mailer sends). */
export function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => head.split('\r\n').find((line) => line.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim() ?? '';
  return { subject: decodeWords(header('subject')), text: decodeBody(body, header('content-transfer-encoding').toLowerCase()).replace(/\r\n/g, '\n').trim() };
}

export class SmtpRecorder {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | undefined;

  constructor(
    readonly port: number,
    /** A pause before accepting each mail (a slow provider). */
    private readonly delayMs = 0,
  ) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 100,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const { subject, text } = parseMail(Buffer.concat(chunks).toString('latin1'));
          const done = () => {
            this.mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, text });
            callback();
          };
          if (this.delayMs) setTimeout(done, this.delayMs);
          else done();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The mails received for `address`. */
  to(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address));
  }
}
