/**
 * Security (ASVS 5.0 level 2): sessions that end at once and for good, tokens checked in full, limits on
 * every public and password endpoint, argon2id with upgrade of older hashes, common passwords refused,
 * and the security events in the audit log.
 */
import { createHmac, randomBytes, scryptSync } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { auditLogs, sessions, users } from '../src/db/schema';
import { COMMON_PASSWORD_COUNT, COMMON_PASSWORD_TEXT } from '../src/lib/password';
import { loadConfig } from '../src/config';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../src/lib/tokens';
import { API, call, createTestContext, DEMO_ACCOUNTS, DEMO_PASSWORD, limitsFor, login, setUpTestApp, userIdByEmail, type TestContext } from './helpers';

const ctx = setUpTestApp();
const SECRET = 'test-secret-not-for-production';

const me = async (token: string) => (await call(ctx.t.app, 'GET', '/user/get-by-token', token)).statusCode;
const signIn = (email: string, password = DEMO_PASSWORD, remoteAddress = '127.0.0.1') =>
  ctx.t.app.inject({ method: 'POST', url: `${API}/auth/login`, payload: { email, password }, remoteAddress });
const claimsOf = (token: string) => jwt.decode(token) as jwt.JwtPayload;

async function lastAudit(action: string) {
  const [row] = await ctx.t.database.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.id)).limit(1);
  return row;
}

describe('sessions', () => {
  it('sign-out ends that token at once and for good; the same user’s other sessions go on', async () => {
    const first = await login(ctx.t.app, DEMO_ACCOUNTS.teacher);
    const second = await login(ctx.t.app, DEMO_ACCOUNTS.teacher);
    expect(await me(first)).toBe(200);
    const out = await call(ctx.t.app, 'POST', '/auth/logout', first);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { result: true } });
    expect(await me(first)).toBe(401);
    expect((await call(ctx.t.app, 'POST', '/auth/logout', first)).statusCode).toBe(401);
    expect(await me(second)).toBe(200);
    const audit = await lastAudit('logout');
    expect(audit).toMatchObject({ resource: 'User', ip: '127.0.0.1' });
    expect(audit.actorId).toBe(Number(claimsOf(first).sub));
  });

  it('every token carries sub, sid, iat, exp, the issuer and the audience; exp is the absolute lifetime', async () => {
    const res = await signIn(DEMO_ACCOUNTS.student);
    const { accessToken, expiresIn } = res.json().data.auth;
    const claims = claimsOf(accessToken);
    expect(jwt.decode(accessToken, { complete: true })?.header.alg).toBe('HS256');
    expect(claims).toMatchObject({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, sub: expect.any(String), sid: expect.any(String) });
    // the session was made a moment before the token: its whole lifetime, or a second less when a second turned in between
    const lifetime = ctx.t.config.sessionMaxAgeSeconds;
    for (const left of [claims.exp! - claims.iat!, expiresIn]) expect([lifetime - 1, lifetime]).toContain(left);
  });

  it('a session idle longer than the timeout ends, and stays ended', async () => {
    const token = await login(ctx.t.app, DEMO_ACCOUNTS.student);
    const { sid } = claimsOf(token);
    const longAgo = new Date(Date.now() - (ctx.t.config.sessionIdleSeconds + 5) * 1000);
    await ctx.t.database.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.id, sid));
    expect(await me(token)).toBe(401);
    const [row] = await ctx.t.database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row.endReason).toBe('idle');
    expect(await lastAudit('session.end')).toMatchObject({ ip: '127.0.0.1', after: { reason: 'idle' } });
    await ctx.t.database.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sid));
    expect(await me(token)).toBe(401);
  });

  it('a session past its absolute lifetime is refused however active it is', async () => {
    const token = await login(ctx.t.app, DEMO_ACCOUNTS.student);
    await ctx.t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, claimsOf(token).sid));
    expect(await me(token)).toBe(401);
  });

  it('an administrator ends every session of an account; a teacher may not, a giáo vụ may not for an administrator', async () => {
    const target = await login(ctx.t.app, DEMO_ACCOUNTS.student);
    const other = await login(ctx.t.app, DEMO_ACCOUNTS.student);
    const studentId = await userIdByEmail(ctx.t.app, ctx.tok.admin, DEMO_ACCOUNTS.student);
    const adminId = await userIdByEmail(ctx.t.app, ctx.tok.admin, DEMO_ACCOUNTS.admin);
    expect((await call(ctx.t.app, 'POST', `/user/end-sessions/${studentId}`, ctx.tok.teacher)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'POST', `/user/end-sessions/${adminId}`, ctx.tok.academicAffair)).statusCode).toBe(403);
    const res = await call(ctx.t.app, 'POST', `/user/end-sessions/${studentId}`, ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.result).toBe(true);
    expect(res.json().data.sessions).toBeGreaterThanOrEqual(2);
    expect(await me(target)).toBe(401);
    expect(await me(other)).toBe(401);
    expect(await lastAudit('session.end_all')).toMatchObject({ resourceId: String(studentId), ip: '127.0.0.1' });
    expect((await call(ctx.t.app, 'POST', '/user/end-sessions/999999', ctx.tok.admin)).statusCode).toBe(404);
    ctx.tok.student = await login(ctx.t.app, DEMO_ACCOUNTS.student);
  });

  it('changing one’s password ends every session; the answer carries a new one for the caller', async () => {
    const email = DEMO_ACCOUNTS.teacher;
    const a = await login(ctx.t.app, email);
    const b = await login(ctx.t.app, email);
    const change = (token: string, from: string, to: string) =>
      call(ctx.t.app, 'POST', '/user/change-password', token, { email, password: from, new_password: to, confirm_password: to });
    const res = await change(a, DEMO_PASSWORD, 'giaovien2026');
    expect(res.statusCode).toBe(200);
    expect(await me(a)).toBe(401);
    expect(await me(b)).toBe(401);
    const fresh = res.json().data.auth.accessToken;
    expect(await me(fresh)).toBe(200);
    expect((await change(fresh, 'giaovien2026', DEMO_PASSWORD)).statusCode).toBe(200);
    ctx.tok.teacher = await login(ctx.t.app, email);
  });
});

describe('forged and foreign tokens', () => {
  const sign = (payload: object, options: jwt.SignOptions, key: string = SECRET) => jwt.sign(payload, key, options);

  it('refuses alg none, a wrong key, another algorithm, no exp, no iat, another audience or issuer, an unknown session', async () => {
    const real = claimsOf(ctx.tok.admin);
    const good = { sid: real.sid, sub: real.sub };
    const base = { issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, algorithm: 'HS256' as const };
    // the real claims re-signed correctly are accepted: each refusal below is for its own reason
    expect(await me(sign(good, { ...base, expiresIn: 60 }))).toBe(200);

    const header = (obj: object) => Buffer.from(JSON.stringify(obj)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${header({ alg: 'none', typ: 'JWT' })}.${header({ ...good, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 60 })}.`;
    const noIatBody = header({ ...good, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: now + 60 });
    const noIatHead = header({ alg: 'HS256', typ: 'JWT' });
    const noIat = `${noIatHead}.${noIatBody}.${createHmac('sha256', SECRET).update(`${noIatHead}.${noIatBody}`).digest('base64url')}`;
    const forged = {
      'alg none': unsigned,
      'wrong key': sign(good, { ...base, expiresIn: 60 }, 'another-secret'),
      HS512: sign(good, { ...base, algorithm: 'HS512', expiresIn: 60 }),
      'no exp': sign(good, base),
      'no iat': noIat,
      'expired': sign({ ...good, iat: now - 120, exp: now - 60 }, base),
      'other audience': sign(good, { ...base, audience: 'another-app', expiresIn: 60 }),
      'other issuer': sign(good, { ...base, issuer: 'someone-else', expiresIn: 60 }),
      'unknown session': sign({ ...good, sid: randomBytes(24).toString('base64url') }, { ...base, expiresIn: 60 }),
      'another user’s session': sign({ ...good, sub: String(Number(real.sub) + 1) }, { ...base, expiresIn: 60 }),
    };
    const statuses = Object.fromEntries(await Promise.all(Object.entries(forged).map(async ([name, token]) => [name, await me(token)])));
    expect(statuses).toEqual(Object.fromEntries(Object.keys(forged).map((name) => [name, 401])));
  });
});

describe('limits on the public and password endpoints', () => {
  let t: TestContext;
  const window = { timeWindowMs: 60_000 };
  beforeAll(async () => {
    t = await createTestContext({
      rateLimits: limitsFor({
        FORGOT_ACCOUNT: { max: 2, ...window },
        FORGOT_ADDRESS: { max: 4, ...window },
        RESET_ADDRESS: { max: 3, ...window },
        REGISTER_ACCOUNT: { max: 1, ...window },
        REGISTER_ADDRESS: { max: 3, ...window },
        PASSWORD_ACCOUNT: { max: 2, ...window },
        PASSWORD_ADDRESS: { max: 3, ...window },
      }),
    });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, remoteAddress: string, token?: string) =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, payload, remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const codes = async (n: number, send: (i: number) => Promise<{ statusCode: number }>) => {
    const out: number[] = [];
    for (let i = 0; i < n; i += 1) out.push((await send(i)).statusCode);
    return out;
  };

  it('forgot-password: per account, then per address; a 429 says when to come back', async () => {
    expect(await codes(3, () => post('/auth/forgot-password', { email: DEMO_ACCOUNTS.student }, '10.1.0.1'))).toEqual([200, 200, 429]);
    // the account is limited from a fresh address too
    const limited = await post('/auth/forgot-password', { email: DEMO_ACCOUNTS.student }, '10.1.0.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần, vui lòng thử lại sau \d+ phút$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // one address asking for many accounts (unknown ones included) is limited too
    const emails = [DEMO_ACCOUNTS.teacher, 'a@trungtam.vn', 'b@trungtam.vn', 'c@trungtam.vn', 'd@trungtam.vn'];
    expect(await codes(5, (i) => post('/auth/forgot-password', { email: emails[i] }, '10.1.0.3'))).toEqual([200, 404, 404, 404, 429]);
  });

  it('reset-password: per address, whatever the token', async () => {
    const bad = (i: number) => post('/auth/reset-password', { token: `khongphaitoken${i}`, password: 'matkhaumoi1' }, '10.2.0.1');
    expect(await codes(4, bad)).toEqual([400, 400, 400, 429]);
    expect((await post('/auth/reset-password', { token: 'khongphaitoken9', password: 'matkhaumoi1' }, '10.2.0.2')).statusCode).toBe(400);
  });

  it('sign-up: per email, then per address', async () => {
    const body = (email: string) => ({ email, firstname: 'Minh', lastname: 'Trần', password: 'hoclaptot2026' });
    expect(await codes(2, () => post('/auth/register', body('dk.mot@gmail.com'), '10.3.0.1'))).toEqual([200, 429]);
    expect(await codes(3, (i) => post('/auth/register', body(`dk.hai.${i}@gmail.com`), '10.3.0.2'))).toEqual([200, 200, 200]);
    expect((await post('/auth/register', body('dk.ba@gmail.com'), '10.3.0.2')).statusCode).toBe(429);
  });

  it('change-password: wrong current passwords, per account and per address', async () => {
    const teacher = (await post('/auth/login', { email: DEMO_ACCOUNTS.teacher, password: DEMO_PASSWORD }, '10.4.0.1')).json().data.auth.accessToken;
    const wrong = (token: string, email: string, ip: string) =>
      post('/user/change-password', { email, password: 'saimatkhau', new_password: 'matkhaumoi1', confirm_password: 'matkhaumoi1' }, ip, token);
    expect(await codes(3, () => wrong(teacher, DEMO_ACCOUNTS.teacher, '10.4.0.1'))).toEqual([400, 400, 429]);
    // even the right current password waits now: the limit is on the account
    const right = await post('/user/change-password', { email: DEMO_ACCOUNTS.teacher, password: DEMO_PASSWORD, new_password: 'matkhaumoi1', confirm_password: 'matkhaumoi1' }, '10.4.0.9', teacher);
    expect(right.statusCode).toBe(429);
    expect(right.json().error.message).toMatch(/^Bạn đã nhập sai mật khẩu hiện tại quá nhiều lần/);
    // another account from one address: the address limit
    const student = (await post('/auth/login', { email: DEMO_ACCOUNTS.student, password: DEMO_PASSWORD }, '10.4.0.2')).json().data.auth.accessToken;
    const admin = (await post('/auth/login', { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }, '10.4.0.2')).json().data.auth.accessToken;
    expect(await codes(2, () => wrong(student, DEMO_ACCOUNTS.student, '10.4.0.3'))).toEqual([400, 400]);
    expect(await codes(2, () => wrong(admin, DEMO_ACCOUNTS.admin, '10.4.0.3'))).toEqual([400, 429]);
  });

  it('with the default limits, spraying 20 accounts from one address is stopped', async () => {
    const sprayed = await createTestContext({ rateLimits: loadConfig({}).rateLimits });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const res = await sprayed.app.inject({ method: 'POST', url: `${API}/auth/login`, remoteAddress: '10.5.0.1', payload: { email: `nv${i}@trungtam.vn`, password: 'matkhau2026' } });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((code) => code === 401)).toHaveLength(15);
      expect(statuses.slice(15)).toEqual([429, 429, 429, 429, 429]);
      // the same address, the right password of a real account: still refused while limited
      const real = await sprayed.app.inject({ method: 'POST', url: `${API}/auth/login`, remoteAddress: '10.5.0.1', payload: { email: DEMO_ACCOUNTS.teacher, password: DEMO_PASSWORD } });
      expect(real.statusCode).toBe(429);
    } finally {
      await sprayed.close();
    }
  });
});

describe('passwords', () => {
  it('new hashes are argon2id with 19 MiB, 2 passes, 1 lane', async () => {
    const [row] = await ctx.t.database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.student));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    const params = Object.fromEntries(row.passwordHash.split('$')[3].split(',').map((pair) => pair.split('=')));
    expect(params).toEqual({ m: '19456', t: '2', p: '1' });
  });

  it('an older scrypt hash still signs in and is replaced by an argon2id one; a wrong password changes nothing', async () => {
    const salt = randomBytes(16);
    const key = scryptSync(DEMO_PASSWORD, salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const legacy = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    const { db } = ctx.t.database;
    await db.update(users).set({ passwordHash: legacy }).where(eq(users.email, DEMO_ACCOUNTS.academicAffair));
    expect((await signIn(DEMO_ACCOUNTS.academicAffair, 'saimatkhau')).statusCode).toBe(401);
    expect((await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.academicAffair)))[0].passwordHash).toBe(legacy);
    expect((await signIn(DEMO_ACCOUNTS.academicAffair)).statusCode).toBe(200);
    const upgraded = (await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.academicAffair)))[0].passwordHash;
    expect(upgraded).toMatch(/^\$argon2id\$/);
    expect((await signIn(DEMO_ACCOUNTS.academicAffair)).statusCode).toBe(200);
  });

  it('a common password is refused on every password set, whatever its case, with a clear message', async () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
    const studentId = await userIdByEmail(ctx.t.app, ctx.tok.admin, DEMO_ACCOUNTS.student);
    const attempts = {
      signUp: call(ctx.t.app, 'POST', '/auth/register', undefined, { email: 'pho.bien@gmail.com', firstname: 'Minh An', lastname: 'Lê Văn', password: 'Password1' }),
      create: call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, {
        email: 'pho.bien2@trungtam.vn', name: 'Lê An', password: 'iloveyou', type: 'teacher', phone_number: '0912000111', roles: [{ id: 3 }], center_id: 1,
      }),
      setByStaff: call(ctx.t.app, 'PUT', '/user/update-password', ctx.tok.admin, { id: studentId, password: 'qwertyuiop' }),
      change: call(ctx.t.app, 'POST', '/user/change-password', ctx.tok.student, {
        email: DEMO_ACCOUNTS.student, password: DEMO_PASSWORD, new_password: 'ANHYEUEM', confirm_password: 'ANHYEUEM',
      }),
    };
    for (const [name, pending] of Object.entries(attempts)) {
      const res = await pending;
      expect([name, res.statusCode, res.json().error?.message]).toEqual([name, 400, COMMON_PASSWORD_TEXT]);
      expect(Object.values(res.json().error.fields)).toEqual([COMMON_PASSWORD_TEXT]);
    }
    // nothing was changed: the student's password still works
    expect((await signIn(DEMO_ACCOUNTS.student)).statusCode).toBe(200);
  });
});

describe('security events in the audit log', () => {
  it('records sign-ins, failed sign-ins, refusals (403) and throttling with the actor and the real address', async () => {
    const { db } = ctx.t.database;
    await signIn(DEMO_ACCOUNTS.teacher, DEMO_PASSWORD, '10.9.0.1');
    await signIn(DEMO_ACCOUNTS.teacher, 'saimatkhau', '10.9.0.2');
    await signIn('khongco@trungtam.vn', 'saimatkhau', '10.9.0.3');
    const teacherId = await userIdByEmail(ctx.t.app, ctx.tok.admin, DEMO_ACCOUNTS.teacher);
    expect(await lastAudit('login')).toMatchObject({ actorId: teacherId, ip: '10.9.0.1', resourceId: String(teacherId) });
    const failures = await db.select().from(auditLogs).where(eq(auditLogs.action, 'login.failed')).orderBy(desc(auditLogs.id)).limit(2);
    expect(failures.map((row) => [row.ip, row.resourceId, (row.after as { reason: string }).reason])).toEqual([
      ['10.9.0.3', null, 'unknown_account'],
      ['10.9.0.2', String(teacherId), 'wrong_password'],
    ]);
    expect(failures.every((row) => row.createdAt instanceof Date)).toBe(true);

    const denied = await call(ctx.t.app, 'GET', '/system/role/show/1', ctx.tok.teacher);
    expect(denied.statusCode).toBe(403);
    expect(await lastAudit('access.denied')).toMatchObject({ actorId: teacherId, resource: 'Route', resourceId: 'GET /api/v1/system/role/show/:id' });

    const limited = await createTestContext({ rateLimits: limitsFor({ LOGIN_ACCOUNT: { max: 1, timeWindowMs: 60_000 } }) });
    try {
      const attempt = () => limited.app.inject({ method: 'POST', url: `${API}/auth/login`, remoteAddress: '10.9.0.4', payload: { email: DEMO_ACCOUNTS.student, password: 'saimatkhau' } });
      expect([(await attempt()).statusCode, (await attempt()).statusCode]).toEqual([401, 429]);
      const [row] = await limited.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'rate_limited'), eq(auditLogs.ip, '10.9.0.4')));
      expect(row).toMatchObject({ resource: 'Route', resourceId: 'POST /api/v1/auth/login', after: { limit: 'LOGIN_ACCOUNT' } });
    } finally {
      await limited.close();
    }
  });

  it('the API offers no way to change or delete the audit log', async () => {
    const document = ctx.t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const auditPaths = Object.entries(document.paths).filter(([path]) => path.includes('audit'));
    expect(auditPaths.length).toBeGreaterThan(0);
    for (const [path, operations] of auditPaths) expect([path, Object.keys(operations)]).toEqual([path, ['get']]);
  });
});
