/** The log never holds secrets: a failed query's parameters, passwords, hashes, tokens. */
import { Writable } from 'node:stream';
import pino from 'pino';
import { safeLoggerOptions } from '../src/lib/logging';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino(safeLoggerOptions({ level: 'info' }), stream), text: () => lines.join('') };
}

const HASH = 'scrypt$16384$8$1$c2FsdA$aGFzaA';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2lnbmF0dXJl';

describe('log without secrets', () => {
  it('drops the parameters and SQL of a failed query, keeping its message', () => {
    const { logger, text } = capture();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), { parameters: ['a@b.vn', HASH] });
    const error = Object.assign(new Error('Failed query: insert into "user" …'), { query: 'insert into "user" values ($1, $2)', params: ['a@b.vn', HASH], cause });
    logger.error({ err: error }, 'request failed');
    expect(text()).toContain('request failed');
    expect(text()).toContain('Failed query');
    expect(text()).not.toContain(HASH);
    expect(text()).not.toContain('a@b.vn');
  });

  it('redacts tokens in request headers and passwords anywhere in a logged object', () => {
    const { logger, text } = capture();
    logger.info({ req: { headers: { authorization: `Bearer ${TOKEN}` } } }, 'incoming request');
    logger.info({ body: { email: 'a@b.vn', password: 'matkhau123', new_password: 'matkhau456' }, user: { passwordHash: HASH } }, 'something');
    expect(text()).not.toContain(TOKEN);
    expect(text()).not.toContain('matkhau123');
    expect(text()).not.toContain('matkhau456');
    expect(text()).not.toContain(HASH);
    expect(text()).toContain('[redacted]');
  });
});
