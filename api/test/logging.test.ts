/** The log never holds secrets: a failed query's parameters, passwords, hashes, tokens. */
import { Writable } from 'node:stream';
import pino from 'pino';
import { DrizzleQueryError } from 'drizzle-orm';
import { safeLoggerOptions, safeUrl } from '../src/lib/logging';

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

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2lnbmF0dXJl';

describe('log without secrets', () => {
  it('drops the values of a failed query (Drizzle’s message and PostgreSQL’s detail), keeping what failed', () => {
    const { logger, text } = capture();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "user_email_active_unique"'), {
      detail: 'Key (lower(email::text))=(a@b.vn) already exists.',
      parameters: ['a@b.vn', HASH],
    });
    const error = new DrizzleQueryError('insert into "user" ("email", "password_hash") values ($1, $2)', ['a@b.vn', HASH], cause);
    expect(error.message).toContain(HASH);
    logger.error({ err: error }, 'request failed');
    expect(text()).toContain('request failed');
    expect(text()).toContain('Failed query: insert into \\"user\\"');
    expect(text()).toContain('user_email_active_unique');
    expect(text()).not.toContain(HASH);
    expect(text()).not.toContain('a@b.vn');
  });

  it('logs a request URL with the names of its query parameters, not their values', () => {
    expect(safeUrl('/api/v1/user/list?search=Nguy%E1%BB%85n%20Lan&limit=10')).toBe('/api/v1/user/list?search=…&limit=…');
    expect(safeUrl('/api/v1/user/show/5')).toBe('/api/v1/user/show/5');
    const { logger, text } = capture();
    logger.info({ req: { method: 'GET', url: '/api/v1/user/list?search=0912345678', ip: '10.0.0.1' } }, 'incoming request');
    expect(text()).not.toContain('0912345678');
    expect(text()).toContain('search=…');
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
