import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@trungtam/shared/validation';
import { createMailer } from '../src/lib/mailer';
import { loadConfig, parseTrustProxy } from '../src/config';
import { API, call, createTestContext, DEMO_ACCOUNTS, DEMO_PASSWORD, limitsFor, login, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, token?: string) => call(t.app, 'POST', url, token, payload);

describe('POST /auth/login', () => {
  it('returns a token and the user with their role', async () => {
    const res = await post('/auth/login', { email: 'Admin@TrungTam.vn', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(typeof body.data.auth.accessToken).toBe('string');
    // the seconds left of the session made a moment before: 10 hours, or a second less when a second turned in between
    expect(10 * 3600 - body.data.auth.expiresIn).toBeGreaterThanOrEqual(0);
    expect(10 * 3600 - body.data.auth.expiresIn).toBeLessThanOrEqual(1);
    expect(body.data.user).toMatchObject({ email: DEMO_ACCOUNTS.admin, type: 'administrator', status: 1 });
    expect(body.data.user.roles[0]).toMatchObject({ name: 'Administrator', guard_name: 'administrator' });
    expect(body.data.user.last_time_login).not.toBeNull();
    expect(body.data.user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(body)).not.toMatch(/scrypt\$|\$argon2/);
  });

  it('refuses a wrong password and an unknown email with the Vietnamese message', async () => {
    for (const payload of [
      { email: DEMO_ACCOUNTS.teacher, password: 'saimatkhau' },
      { email: 'khongtontai@trungtam.vn', password: DEMO_PASSWORD },
    ]) {
      const res = await post('/auth/login', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message: MESSAGES.loginFailed });
    }
  });

  it("validates the form fields with the forms' messages", async () => {
    const res = await post('/auth/login', { email: 'khong-phai-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields).toEqual({ email: MESSAGES.loginEmailFormat, password: MESSAGES.loginPasswordRequired });
    const missing = await post('/auth/login', {});
    expect(missing.json().error.fields).toEqual({ email: MESSAGES.loginEmailRequired, password: MESSAGES.loginPasswordRequired });
  });

  it('refuses a locked account, and its existing token stops working on the next request', async () => {
    const admin = await login(t.app, DEMO_ACCOUNTS.admin);
    const teacherToken = await login(t.app, DEMO_ACCOUNTS.teacher);
    expect((await call(t.app, 'GET', '/user/get-by-token', teacherToken)).statusCode).toBe(200);

    const me = (await call(t.app, 'GET', '/user/get-by-token', teacherToken)).json().data;
    const lock = await call(t.app, 'PUT', '/user/update', admin, {
      id: me.id, name: me.name, email: me.email, phone_number: me.phone_number, status: 4,
    });
    expect(lock.statusCode).toBe(200);
    expect(lock.json().data.status).toBe(4);

    const next = await call(t.app, 'GET', '/user/get-by-token', teacherToken);
    expect(next.statusCode).toBe(401);
    expect(next.json().error.code).toBe('UNAUTHENTICATED');

    const again = await post('/auth/login', { email: DEMO_ACCOUNTS.teacher, password: DEMO_PASSWORD });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(MESSAGES.loginFailed);

    // unlocking brings no session back: the old token stays refused, a new sign-in works
    await call(t.app, 'PUT', '/user/update', admin, { id: me.id, name: me.name, email: me.email, phone_number: me.phone_number, status: 1 });
    expect((await call(t.app, 'GET', '/user/get-by-token', teacherToken)).statusCode).toBe(401);
    await login(t.app, DEMO_ACCOUNTS.teacher);
  });

  it('limits failed sign-ins per account with a 429 in Vietnamese and Retry-After; successes never count', async () => {
    const limitedApp = await createTestContext({ rateLimits: limitsFor({ LOGIN_ACCOUNT: { max: 4, timeWindowMs: 60_000 } }) });
    try {
      const attempt = (payload: unknown, ip = '10.0.0.1') =>
        limitedApp.app.inject({ method: 'POST', url: `${API}/auth/login`, payload: payload as object, remoteAddress: ip });
      const email = DEMO_ACCOUNTS.academicAffair;
      // ten good sign-ins in a row are all let in
      for (let i = 0; i < 10; i += 1) expect((await attempt({ email, password: DEMO_PASSWORD })).statusCode).toBe(200);
      // a success clears earlier failures
      for (let i = 0; i < 3; i += 1) expect((await attempt({ email, password: 'saimatkhau' })).statusCode).toBe(401);
      expect((await attempt({ email, password: DEMO_PASSWORD })).statusCode).toBe(200);
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) codes.push((await attempt({ email, password: 'saimatkhau' })).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 429]);
      const limited = await attempt({ email: email.toUpperCase(), password: DEMO_PASSWORD });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(limited.json().error.message).toMatch(/thử lại sau 1 phút/);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // the account is limited from every address (a fresh address does not get around it)…
      expect((await attempt({ email, password: DEMO_PASSWORD }, '10.0.0.2')).statusCode).toBe(429);
      // …while another account from the same address is not affected
      expect((await attempt({ email: DEMO_ACCOUNTS.student, password: DEMO_PASSWORD })).statusCode).toBe(200);
    } finally {
      await limitedApp.close();
    }
  });
});

describe('client address', () => {
  it('believes X-Forwarded-For only from configured proxies: rotating it does not escape the sign-in limit', async () => {
    // the address limit alone (the account one is generous here)
    const rateLimits = limitsFor({ LOGIN_ADDRESS: { max: 3, timeWindowMs: 60_000 } });
    const direct = await createTestContext({ rateLimits });
    const behindProxy = await createTestContext({ rateLimits, trustProxy: ['10.0.0.9'] });
    try {
      const attempt = (app: typeof direct.app, forwardedFor: string) =>
        app.inject({
          method: 'POST', url: `${API}/auth/login`, remoteAddress: '10.0.0.9',
          headers: { 'x-forwarded-for': forwardedFor }, payload: { email: DEMO_ACCOUNTS.teacher, password: 'saimatkhau' },
        });
      // no proxy configured: the header is ignored, every attempt counts for 10.0.0.9
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) codes.push((await attempt(direct.app, `203.0.113.${i}`)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      // behind the configured proxy, the forwarded address is the client's: each address has its own count
      const viaProxy: number[] = [];
      for (let i = 0; i < 4; i += 1) viaProxy.push((await attempt(behindProxy.app, `203.0.113.${i}`)).statusCode);
      expect(viaProxy).toEqual([401, 401, 401, 401]);
    } finally {
      await direct.close();
      await behindProxy.close();
    }
  });

  it('reads TRUST_PROXY as none, a hop count or a list of addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16')).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(() => parseTrustProxy('everyone')).toThrow(/TRUST_PROXY/);
  });
});

describe('tokens', () => {
  it('refuses missing, malformed and forged tokens', async () => {
    expect((await call(t.app, 'GET', '/user/get-by-token')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/user/get-by-token', 'abc.def.ghi')).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: `${API}/user/get-by-token`, headers: { authorization: 'Basic xyz' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('GET /user/get-by-token returns the signed-in user', async () => {
    const token = await login(t.app, DEMO_ACCOUNTS.student);
    const res = await call(t.app, 'GET', '/user/get-by-token', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: DEMO_ACCOUNTS.student, type: 'student', center_id: 1 });
    expect(res.json().data.roles[0].name).toBe('Học viên');
  });
});

describe('passwords', () => {
  it('forgot-password writes a one-time reset link to the outbox; reset signs out old sessions', async () => {
    const oldToken = await login(t.app, DEMO_ACCOUNTS.student);
    const unknown = await post('/auth/forgot-password', { email: 'khongco@trungtam.vn' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(MESSAGES.forgotPasswordStatusFailed);

    const res = await post('/auth/forgot-password', { email: DEMO_ACCOUNTS.student });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ result: true, delivery: 'outbox' });
    const outbox = path.join(t.config.dataDir, 'outbox');
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    const mail = fs.readFileSync(path.join(outbox, files[0]), 'utf8');
    const match = /http:\/\/localhost:3000\/auth\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail);
    expect(match).not.toBeNull();
    const token = decodeURIComponent(match![1]);

    const short = await post('/auth/reset-password', { token, password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe(MESSAGES.accountPasswordMin);

    expect((await post('/auth/reset-password', { token, password: 'matkhaumoi1' })).statusCode).toBe(200);
    expect((await post('/auth/reset-password', { token, password: 'matkhaumoi2' })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/user/get-by-token', oldToken)).statusCode).toBe(401);
    const fresh = await login(t.app, DEMO_ACCOUNTS.student, 'matkhaumoi1');
    // Put it back for the other tests.
    const back = await call(t.app, 'POST', '/user/change-password', fresh, {
      email: DEMO_ACCOUNTS.student, password: 'matkhaumoi1', new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD,
    });
    expect(back.statusCode).toBe(200);
  });

  it('change-password: own account only, current password checked, other sessions end', async () => {
    const sessionA = await login(t.app, DEMO_ACCOUNTS.academicAffair.replace('giaovu', 'giaovu'));
    const sessionB = await login(t.app, DEMO_ACCOUNTS.academicAffair);
    const base = { email: DEMO_ACCOUNTS.academicAffair, password: DEMO_PASSWORD, new_password: 'matkhau456', confirm_password: 'matkhau456' };

    const other = await call(t.app, 'POST', '/user/change-password', sessionA, { ...base, email: DEMO_ACCOUNTS.teacher });
    expect(other.statusCode).toBe(403);
    const wrong = await call(t.app, 'POST', '/user/change-password', sessionA, { ...base, password: 'khongdung1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.password).toBe('Mật khẩu hiện tại không chính xác');
    const mismatch = await call(t.app, 'POST', '/user/change-password', sessionA, { ...base, confirm_password: 'khac12345' });
    expect(mismatch.statusCode).toBe(400);
    expect(Object.keys(mismatch.json().error.fields)).toEqual(['confirm_password']);
    const tooShort = await call(t.app, 'POST', '/user/change-password', sessionA, { ...base, new_password: 'abc', confirm_password: 'abc' });
    expect(tooShort.json().error.fields.new_password).toBe(MESSAGES.accountPasswordMin);

    const ok = await call(t.app, 'POST', '/user/change-password', sessionA, base);
    expect(ok.statusCode).toBe(200);
    const newToken = ok.json().data.auth.accessToken;
    expect((await call(t.app, 'GET', '/user/get-by-token', sessionB)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/user/get-by-token', sessionA)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/user/get-by-token', newToken)).statusCode).toBe(200);
    await call(t.app, 'POST', '/user/change-password', newToken, { ...base, password: 'matkhau456', new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD });
    expect((await post('/auth/login', { email: DEMO_ACCOUNTS.academicAffair, password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('update-password: staff set another account password, that account is signed out', async () => {
    const admin = await login(t.app, DEMO_ACCOUNTS.admin);
    const studentToken = await login(t.app, DEMO_ACCOUNTS.student);
    const me = (await call(t.app, 'GET', '/user/get-by-token', studentToken)).json().data;
    const short = await call(t.app, 'PUT', '/user/update-password', admin, { id: me.id, password: '123456' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe(MESSAGES.accountPasswordMin);
    const long = await call(t.app, 'PUT', '/user/update-password', admin, { id: me.id, password: 'x'.repeat(51) });
    expect(long.json().error.fields.password).toBe(MESSAGES.accountPasswordMax);
    const ok = await call(t.app, 'PUT', '/user/update-password', admin, { id: me.id, password: 'matkhau789' });
    expect(ok.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/user/get-by-token', studentToken)).statusCode).toBe(401);
    await login(t.app, DEMO_ACCOUNTS.student, 'matkhau789');
    const forbidden = await call(t.app, 'PUT', '/user/update-password', studentToken, { id: 1, password: 'matkhau789' });
    expect(forbidden.statusCode).toBe(401);
    const teacher = await login(t.app, DEMO_ACCOUNTS.teacher);
    expect((await call(t.app, 'PUT', '/user/update-password', teacher, { id: me.id, password: 'matkhau789' })).statusCode).toBe(403);
    await call(t.app, 'PUT', '/user/update-password', admin, { id: me.id, password: DEMO_PASSWORD });
  });
});

describe('mail without SMTP', () => {
  const mail = { to: 'giaovu@trungtam.vn', subject: 'Đặt lại mật khẩu', text: 'Liên kết: http://localhost:3000/auth/reset-password?token=abc' };

  it('in the embedded demo mode, is written to the outbox and, whole, to the log, which says why', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const lines: string[] = [];
    const mailer = createMailer({ outboxDir, logMailText: true, log: (line) => lines.push(line) });
    const sent = await mailer.send(mail);
    expect(sent.delivery).toBe('outbox');
    expect(fs.readdirSync(outboxDir)).toHaveLength(1);
    expect(lines.join('\n')).toContain('http://localhost:3000/auth/reset-password?token=abc');
    expect(lines.join('\n')).toMatch(/^Demo mode \(embedded database, no SMTP_URL\)/);
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  it('otherwise, the log names the outbox file only: no link, no address', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const lines: string[] = [];
    const mailer = createMailer({ outboxDir, logMailText: false, log: (line) => lines.push(line) });
    await mailer.send(mail);
    const [file] = fs.readdirSync(outboxDir);
    expect(fs.readFileSync(path.join(outboxDir, file), 'utf8')).toContain('reset-password?token=abc');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(file);
    expect(lines[0]).not.toContain('token=');
    expect(lines[0]).not.toContain('giaovu@');
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  it('the demo mode is the embedded database without SMTP only', () => {
    expect(loadConfig({}).logMailText).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/x' }).logMailText).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:25' }).logMailText).toBe(false);
  });
});
