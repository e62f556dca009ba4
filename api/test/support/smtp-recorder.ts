/**
 * A local SMTP server (smtp-server) that records every mail it receives: its envelope recipients, its
 * subject, its text and its attachments, decoded, and its Message-ID. It listens on the port given, or on one
 * of the system's choosing (0) the first time, and can be stopped and started again on that port, as a
 * provider that goes down and comes back.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ParsedMail {
  subject: string;
  text: string;
  messageId: string;
  attachments: ReceivedAttachment[];
}

export interface ReceivedMail extends ParsedMail {
  to: string[];
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

function decodeBytes(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1');
  }
  return Buffer.from(body, 'latin1');
}

/** A header's parameters (`name="x"`, RFC 2231 `name*=UTF-8''…` and its continuations `name*0*=…`), decoded. */
function parameters(value: string): Record<string, string> {
  const parts: Record<string, Array<{ index: number; text: string; extended: boolean }>> = {};
  for (const match of value.matchAll(/;\s*([^=;\s*]+)(?:\*(\d+))?(\*)?=("(?:[^"\\]|\\.)*"|[^;]*)/g)) {
    const [, name, index, extended, raw] = match;
    (parts[name.toLowerCase()] ??= []).push({ index: Number(index ?? 0), text: raw.trim().replace(/^"(.*)"$/s, '$1'), extended: Boolean(extended) });
  }
  return Object.fromEntries(
    Object.entries(parts).map(([name, list]) => {
      const sorted = list.sort((a, b) => a.index - b.index);
      const joined = sorted.map((part) => part.text).join('');
      // the charset and language lead the first section only; the sections are joined before decoding, as a
      // character's bytes may be split between two of them
      return [name, sorted[0].extended ? decodeURIComponent(joined.replace(/^[^']*'[^']*'/, '')) : joined];
    }),
  );
}

interface Part {
  header: (name: string) => string;
  body: string;
}

function splitPart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : raw.slice(split + 4);
  const header = (name: string) => head.split('\r\n').find((line) => line.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim() ?? '';
  return { header, body };
}

/** The leaf parts of a MIME entity, multiparts opened. */
function leaves(part: Part): Part[] {
  const type = part.header('content-type');
  if (!/^multipart\//i.test(type)) return [part];
  const boundary = parameters(type).boundary;
  const sections = part.body.split(new RegExp(`\r\n--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \t]*(?:\r\n|$)`));
  // the first section is the preamble (empty after the first boundary's own line), the last the epilogue
  return sections.slice(1, -1).flatMap((section) => leaves(splitPart(section)));
}

/** Subject, text, Message-ID and attachments of a mail as the mailer sends it (one text part, or multipart/mixed). */
export function parseMail(raw: string): ParsedMail {
  const top = splitPart(raw);
  // the body's first boundary line has no CR/LF before it: give it one so that every boundary splits alike
  const parts = leaves({ ...top, body: `\r\n${top.body}` });
  const textPart = parts.find((part) => !/attachment/i.test(part.header('content-disposition')) && /^(text\/plain|$)/i.test(part.header('content-type')));
  const text = textPart
    ? decodeBytes(textPart.body.replace(/^\r\n/, ''), textPart.header('content-transfer-encoding').toLowerCase()).toString('utf8').replace(/\r\n/g, '\n').trim()
    : '';
  const attachments = parts
    .filter((part) => /attachment/i.test(part.header('content-disposition')))
    .map((part) => ({
      filename: decodeWords(parameters(part.header('content-disposition')).filename ?? parameters(part.header('content-type')).name ?? ''),
      contentType: part.header('content-type').split(';')[0].trim().toLowerCase(),
      content: decodeBytes(part.body, part.header('content-transfer-encoding').toLowerCase()),
    }));
  return { subject: decodeWords(top.header('subject')), text, messageId: top.header('message-id'), attachments };
}

export class SmtpRecorder {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | undefined;

  constructor(
    /** The port to listen on; 0: one of the system's choosing, kept for the next starts. */
    private boundPort: number,
    /** A pause before accepting each mail (a slow provider). */
    private readonly delayMs = 0,
  ) {}

  get port(): number {
    return this.boundPort;
  }

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
          const mail = parseMail(Buffer.concat(chunks).toString('latin1'));
          const done = () => {
            this.mails.push({ to: session.envelope.rcptTo.map((r) => r.address), ...mail });
            callback();
          };
          if (this.delayMs) setTimeout(done, this.delayMs);
          else done();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.boundPort, '127.0.0.1', () => resolve());
    });
    this.boundPort = (server.server.address() as AddressInfo).port;
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
