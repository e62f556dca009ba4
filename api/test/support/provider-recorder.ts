/**
 * A local HTTP server standing for a message provider (Zalo ZNS, the SMS gateway): it records every request
 * (method, path, headers, JSON body) and answers each with what `reply` says: a status and JSON, no answer
 * at all or a body cut short (a provider that hangs), or a body that never ends (an oversized answer). It
 * listens on 127.0.0.1, on a port of the system's choosing the first time, and can be stopped and started
 * again on that port, as a provider that goes down and comes back.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body as JSON, or its text when it is not JSON. */
  body: unknown;
}

export type ProviderReply =
  | { status?: number; json: unknown }
  | { status?: number; text: string }
  /** Never answers: the request stays open until the client gives up or the recorder stops. */
  | { hang: true }
  /** Answers 200 and the start of a body, then nothing more. */
  | { stall: true }
  /** Answers 200 with a JSON body that never ends, until the client goes away. */
  | { endless: true };

export class ProviderRecorder {
  readonly requests: RecordedRequest[] = [];
  /** The answer to each request; `{ status: 200, json: {} }` until a test sets it. */
  reply: (request: RecordedRequest) => ProviderReply = () => ({ json: {} });
  private server: http.Server | undefined;
  private boundPort: number;

  constructor(port = 0) {
    this.boundPort = port;
  }

  get port(): number {
    return this.boundPort;
  }

  /** The URL of `path` on this server. */
  url(path = '/'): string {
    return `http://127.0.0.1:${this.boundPort}${path}`;
  }

  /** Answers the next requests with `replies` in turn, then with the one after them as before. */
  answerInTurn(...replies: ProviderReply[]): void {
    const queue = [...replies];
    const after = this.reply;
    this.reply = (request) => queue.shift() ?? after(request);
  }

  async start(): Promise<void> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // kept as text
        }
        const recorded: RecordedRequest = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body };
        this.requests.push(recorded);
        this.answer(this.reply(recorded), response);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.boundPort, '127.0.0.1', () => resolve());
    });
    this.boundPort = (server.address() as AddressInfo).port;
    this.server = server;
  }

  private answer(reply: ProviderReply, response: http.ServerResponse): void {
    if ('hang' in reply) return;
    if ('stall' in reply) {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"error":0,');
      return;
    }
    if ('endless' in reply) {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"error":0,"padding":"');
      const chunk = 'x'.repeat(16 * 1024);
      let closed = false;
      response.on('close', () => (closed = true));
      response.on('error', () => (closed = true));
      const more = () => {
        let room = true;
        while (!closed && room) room = response.write(chunk);
      };
      response.on('drain', more);
      more();
      return;
    }
    const body = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
    response.writeHead(reply.status ?? 200, { 'Content-Type': 'json' in reply ? 'application/json' : 'text/plain' });
    response.end(body);
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
