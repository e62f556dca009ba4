/**
 * Area health: the manifest's telemetry proof and what POST /telemetry accepts (the proof of an active
 * session, JSON as application/json or text/plain, 64 KB at most, strict events; unknown routes and
 * versions dropped), the aggregation (exact counts, percentiles within the buckets' precision, concurrent
 * batches adding up), the retention, and GET /system/remote/health.
 */
import { and, eq, sql } from 'drizzle-orm';
import { TELEMETRY_LIMITS, TELEMETRY_TEXT } from '@trungtam/shared/contracts/telemetry';
import type { AreaHealthRecord, TelemetryEventInput } from '@trungtam/shared/schemas/telemetry';
import { remoteBuilds } from '../src/db/schema';
import { BUCKET_PRECISION } from '../src/lib/histogram';
import { deleteExpiredHealth, ingestEvents } from '../src/services/area-health';
import { API, call, DEMO_ACCOUNTS, login, setUpTestApp } from './helpers';
import { areaOf, eventOf, postBatch, proofOf, sendEvents, type AreaInfo } from './support/telemetry';

const ctx = setUpTestApp();
let users: AreaInfo;

beforeAll(async () => {
  users = await areaOf(ctx.t.app, ctx.tok.admin, 'users');
});

const health = async (query: string, token = ctx.tok.admin) => call(ctx.t.app, 'GET', `/system/remote/health?${query}`, token);
const healthOf = async (query: string): Promise<AreaHealthRecord> => {
  const res = await health(query);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('the proof', () => {
  it('comes with the own manifest, never with a preview of another user\'s', async () => {
    const own = await call(ctx.t.app, 'GET', '/system/remote/manifest', ctx.tok.teacher);
    expect(own.json().data.telemetry_proof).toMatch(/^t1\./);
    const teacherId = (await call(ctx.t.app, 'GET', '/user/get-by-token', ctx.tok.teacher)).json().data.id;
    const preview = await call(ctx.t.app, 'GET', `/system/remote/preview?user_id=${teacherId}`, ctx.tok.admin);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).not.toHaveProperty('telemetry_proof');
  });

  it('is refused when forged, another session\'s, an access token, or after sign-out (401); a batch carries no other credential', async () => {
    const proof = await proofOf(ctx.t.app, ctx.tok.teacher);
    const events = [eventOf(users, 'page_view')];
    expect((await postBatch(ctx.t.app, { proof, events })).statusCode).toBe(204);

    const [, user, session, mac] = proof.split('.');
    const otherProof = await proofOf(ctx.t.app, await login(ctx.t.app, DEMO_ACCOUNTS.teacher));
    const otherSession = otherProof.split('.')[2];
    const refused = [
      `t1.${user}.${session}.${mac.slice(0, -2)}AA`,
      `t1.${Number(user) + 1}.${session}.${mac}`,
      `t1.${user}.${otherSession}.${mac}`,
      ctx.tok.teacher,
      'x',
    ];
    for (const bad of refused) {
      const res = await postBatch(ctx.t.app, { proof: bad, events });
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 401 });
      expect(res.json().error.message).toBe(TELEMETRY_TEXT.proofInvalid);
    }
    // the bearer token does not stand for a proof, nor the proof for a token
    const withBearer = await ctx.t.app.inject({ method: 'POST', url: `${API}/telemetry`, headers: { authorization: `Bearer ${ctx.tok.teacher}` }, payload: { proof: 'x', events } });
    expect(withBearer.statusCode).toBe(401);
    expect((await call(ctx.t.app, 'GET', '/user/get-by-token', proof)).statusCode).toBe(401);

    // signed out: that session's proof stops at once, another session's goes on
    const token = await login(ctx.t.app, DEMO_ACCOUNTS.student);
    const studentProof = await proofOf(ctx.t.app, token);
    expect((await postBatch(ctx.t.app, { proof: studentProof, events })).statusCode).toBe(204);
    expect((await call(ctx.t.app, 'POST', '/auth/logout', token)).statusCode).toBeLessThan(300);
    expect((await postBatch(ctx.t.app, { proof: studentProof, events })).statusCode).toBe(401);
    expect((await postBatch(ctx.t.app, { proof: otherProof, events })).statusCode).toBe(204);
  });

  it('is counted per session: past the batches a minute allows, 429', async () => {
    const { createTestContext, demoTokens, limitsFor } = await import('./helpers');
    const limited = await createTestContext({ rateLimits: limitsFor({ TELEMETRY_SESSION: { max: 3, timeWindowMs: 60_000 } }) });
    try {
      const tokens = await demoTokens(limited.app);
      const area = await areaOf(limited.app, tokens.admin, 'users');
      const proof = await proofOf(limited.app, tokens.teacher);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await postBatch(limited.app, { proof, events: [eventOf(area, 'page_view')] })).statusCode);
      expect(statuses).toEqual([204, 204, 204, 429]);
      // another session is not held back
      expect((await postBatch(limited.app, { proof: await proofOf(limited.app, tokens.student), events: [eventOf(area, 'page_view')] })).statusCode).toBe(204);
    } finally {
      await limited.close();
    }
  });
});

describe('what a batch may be', () => {
  it('is JSON sent as application/json or as text/plain (sendBeacon), 64 KB at most (413 with its message)', async () => {
    const proof = await proofOf(ctx.t.app, ctx.tok.teacher);
    const batch = { proof, events: [eventOf(users, 'page_view')] };
    expect((await postBatch(ctx.t.app, batch, 'text/plain;charset=UTF-8')).statusCode).toBe(204);
    expect((await postBatch(ctx.t.app, batch, 'application/json')).statusCode).toBe(204);
    const padded = JSON.stringify(batch).replace('{', `{"padding":"${'x'.repeat(TELEMETRY_LIMITS.batchBytes)}",`);
    for (const type of ['text/plain;charset=UTF-8', 'application/json']) {
      const res = await ctx.t.app.inject({ method: 'POST', url: `${API}/telemetry`, headers: { 'content-type': type }, payload: padded });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe(TELEMETRY_TEXT.batchTooLarge);
    }
    // text/plain is JSON on this route only
    const elsewhere = await ctx.t.app.inject({ method: 'POST', url: `${API}/auth/login`, headers: { 'content-type': 'text/plain' }, payload: JSON.stringify({ email: DEMO_ACCOUNTS.teacher, password: 'x' }) });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('refuses malformed batches with a 400, never a 500', async () => {
    const proof = await proofOf(ctx.t.app, ctx.tok.teacher);
    const good = eventOf(users, 'page_view');
    const bodies: unknown[] = [
      'not json',
      '[]',
      'null',
      { proof },
      { proof, events: [] },
      { proof, events: Array.from({ length: TELEMETRY_LIMITS.batchEvents + 1 }, () => good) },
      { proof, events: [{ ...good, kind: 'click' }] },
      { proof, events: [{ ...good, route: `${good.route}?name=Nguyen` }] },
      { proof, events: [{ ...good, route: 'users' }] },
      { proof, events: [{ ...good, area: 'Users' }] },
      { proof, events: [{ ...good, version: '1.0 beta' }] },
      { proof, events: [{ ...good, kind: 'vital', vital: { name: 'INP', value: -1 } }] },
      { proof, events: [{ ...good, kind: 'vital', vital: { name: 'FID', value: 10 } }] },
      { proof, events: [{ ...good, kind: 'render_error', error: { type: 'x'.repeat(121), frame: 'a.js:1:1' } }] },
      { proof, events: [{ ...good, browser: 'netscape' }] },
      { proof, events: [{ ...good, route: 1 }] },
      { proof: '', events: [good] },
      { proof: 'x'.repeat(513), events: [good] },
      { events: [good] },
    ];
    for (const body of bodies) {
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      for (const type of ['text/plain', 'application/json']) {
        const res = await ctx.t.app.inject({ method: 'POST', url: `${API}/telemetry`, headers: { 'content-type': type }, payload });
        expect({ payload: payload.slice(0, 80), type, status: res.statusCode }).toEqual({ payload: payload.slice(0, 80), type, status: 400 });
      }
    }
  });

  it('survives random bytes and random JSON (4xx or 204, never 5xx)', async () => {
    const proof = await proofOf(ctx.t.app, ctx.tok.teacher);
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    const values: unknown[] = [null, 0, -1, 1e309, '', 'x', '\u0000', [], {}, true, '__proto__', 'a'.repeat(400), { name: 'INP', value: 5 }, { type: 'E', frame: 'f' }];
    for (let i = 0; i < 150; i++) {
      const event: Record<string, unknown> = { ...eventOf(users, pick(['page_view', 'load_failure', 'render_error', 'unhandled_error', 'vital'])) };
      for (const key of ['kind', 'area', 'version', 'cohort', 'route', 'browser', 'error', 'vital', 'constructor']) if (random() < 0.2) event[key] = pick(values);
      const payload =
        random() < 0.2
          ? Buffer.from(Array.from({ length: 64 }, () => Math.floor(random() * 256))).toString('latin1')
          : JSON.stringify({ proof: random() < 0.9 ? proof : pick(values), events: random() < 0.9 ? [event] : pick(values) });
      const res = await ctx.t.app.inject({ method: 'POST', url: `${API}/telemetry`, headers: { 'content-type': pick(['text/plain', 'application/json']) }, payload });
      expect({ payload, status: res.statusCode < 500 }).toEqual({ payload, status: true });
    }
  });
});

describe('the aggregation', () => {
  it('counts page views and errors exactly, drops unknown routes and versions, keeps errors without query strings', async () => {
    const before = (await healthOf('area=users')).stable.totals;
    const ev = (kind: TelemetryEventInput['kind'], extra: Partial<TelemetryEventInput> = {}) => eventOf(users, kind, extra);
    const frame = 'https://app.example/users/static/js/main.js?v=abc#x:10:42';
    await sendEvents(ctx.t.app, await proofOf(ctx.t.app, ctx.tok.teacher), [
      ...Array.from({ length: 7 }, () => ev('page_view')),
      ev('load_failure', { error: { type: 'ChunkLoadError', frame } }),
      ev('render_error', { error: { type: 'TypeError', frame } }),
      ev('render_error', { error: { type: 'TypeError', frame } }),
      ev('unhandled_error', { error: { type: 'Error: Nguyễn Văn A', frame: 'https://user:secret@app.example/a.js?token=1:3:4' } }),
      // not counted: a route the area does not register, a version it never had
      ev('page_view', { route: '/users/not-registered' }),
      ev('page_view', { version: '9.9.9' }),
      ev('page_view', { area: 'nowhere' }),
    ]);
    const after = await healthOf('area=users');
    expect(after.stable.totals).toMatchObject({
      page_views: before.page_views + 7,
      load_failures: before.load_failures + 1,
      render_errors: before.render_errors + 2,
      unhandled_errors: before.unhandled_errors + 1,
    });
    expect(after.stable.versions).toEqual([users.stable]);
    expect(after.stable.top_errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'render_error', type: 'TypeError', frame: 'https://app.example/users/static/js/main.js:10:42', version: users.stable }),
        expect.objectContaining({ kind: 'unhandled_error', type: 'Error', frame: 'https://app.example/a.js:3:4' }),
      ]),
    );
    expect(after.stable.top_errors.find((error) => error.type === 'TypeError')!.count).toBe(2);
    const stored = JSON.stringify(await ctx.t.database.db.execute(sql`select * from area_health_error`));
    expect(stored).not.toMatch(/\?|secret|Nguy|not-registered|nowhere/);
  });

  it('reads p75 and p95 from the histograms within the buckets\' precision', async () => {
    // an area no other test reports on: its figures are this test's alone
    const competition = await areaOf(ctx.t.app, ctx.tok.admin, 'competition');
    const inp = Array.from({ length: 200 }, (_, i) => 20 + ((i * 37) % 200) * 3.5);
    const lcp = Array.from({ length: 120 }, (_, i) => 300 + i * i);
    const cls = Array.from({ length: 40 }, (_, i) => (i + 1) / 100);
    await sendEvents(ctx.t.app, await proofOf(ctx.t.app, ctx.tok.teacher), [
      ...inp.map((value) => eventOf(competition, 'vital', { vital: { name: 'INP', value } })),
      ...lcp.map((value) => eventOf(competition, 'vital', { vital: { name: 'LCP', value } })),
      ...cls.map((value) => eventOf(competition, 'vital', { vital: { name: 'CLS', value } })),
    ]);
    const exact = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.ceil(p * values.length) - 1];
    const { totals } = (await healthOf('area=competition')).stable;
    const read: Array<[string, { p75: number | null; p95: number | null; samples: number }, number[], number]> = [
      ['INP', totals.inp, inp, 0.5],
      ['LCP', totals.lcp, lcp, 0.5],
      ['CLS', totals.cls, cls, 0.0005],
    ];
    for (const [name, figures, values, rounding] of read) {
      expect({ name, samples: figures.samples }).toEqual({ name, samples: values.length });
      for (const p of [0.75, 0.95] as const) {
        const got = figures[p === 0.75 ? 'p75' : 'p95']!;
        const error = Math.abs(got - exact(values, p)) - rounding;
        expect({ name, p, within: error / exact(values, p) <= BUCKET_PRECISION }).toEqual({ name, p, within: true });
      }
    }
    expect(totals).toMatchObject({ page_views: 0, error_rate: null, ttfr: { p75: null, p95: null, samples: 0 } });
  });

  it('adds up batches sent at once exactly (one row per window, whatever the order)', async () => {
    await ctx.t.database.db.insert(remoteBuilds).values({ area: 'users', version: '0.7.2', entry: 'http://127.0.0.1:9/users/0.7.2/mf-manifest.json' });
    const proofs = await Promise.all([ctx.tok.teacher, ctx.tok.student, ctx.tok.admin].map((token) => proofOf(ctx.t.app, token)));
    const batch = (i: number) => ({
      proof: proofs[i % proofs.length],
      events: [
        ...Array.from({ length: 10 }, () => eventOf(users, 'page_view', { version: '0.7.2' })),
        eventOf(users, 'render_error', { version: '0.7.2', error: { type: 'TypeError', frame: 'a.js:1:1' } }),
        eventOf(users, 'vital', { version: '0.7.2', vital: { name: 'LCP', value: 100 + i } }),
        eventOf(users, 'vital', { version: '0.7.2', vital: { name: 'LCP', value: 5000 } }),
      ],
    });
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => postBatch(ctx.t.app, batch(i)).then((res) => res.statusCode)));
    expect(new Set(statuses)).toEqual(new Set([204]));
    const rows = await ctx.t.database.db.execute<{ page_views: number; render_errors: number }>(
      sql`select sum(page_views)::int as page_views, sum(render_errors)::int as render_errors from area_health_window where version = '0.7.2'`,
    );
    expect(rows.rows[0]).toMatchObject({ page_views: 400, render_errors: 40 });
    const hist = await ctx.t.database.db.execute<{ total: number }>(sql`select sum(v)::int as total from area_health_window, unnest(lcp) v where version = '0.7.2'`);
    expect(hist.rows[0].total).toBe(80);
    const errors = await ctx.t.database.db.execute<{ count: number }>(sql`select count from area_health_error where version = '0.7.2'`);
    expect(errors.rows.map((row) => row.count)).toEqual([40]);
  });

  it('started as on a server, writes the batches of a second together, exactly, and what waits when stopped', async () => {
    await ctx.t.database.db.insert(remoteBuilds).values({ area: 'users', version: '0.7.4', entry: 'http://127.0.0.1:9/users/0.7.4/mf-manifest.json' });
    const proof = await proofOf(ctx.t.app, ctx.tok.teacher);
    const counted = async () =>
      (await ctx.t.database.db.execute<{ page_views: number | null }>(sql`select sum(page_views)::int as page_views from area_health_window where version = '0.7.4'`)).rows[0].page_views ?? 0;
    const buffer = ctx.t.app.ctx.areaHealthBuffer;
    // (a minute between its own flushes: the test flushes)
    buffer.start(60_000);
    try {
      const statuses = await Promise.all(
        Array.from({ length: 12 }, () => postBatch(ctx.t.app, { proof, events: Array.from({ length: 5 }, () => eventOf(users, 'page_view', { version: '0.7.4' })) }).then((res) => res.statusCode)),
      );
      expect(new Set(statuses)).toEqual(new Set([204]));
      // taken, not yet written (a flush a second)
      expect(await counted()).toBe(0);
      await buffer.flush();
      expect(await counted()).toBe(60);
      await postBatch(ctx.t.app, { proof, events: [eventOf(users, 'page_view', { version: '0.7.4' })] });
    } finally {
      await buffer.stop();
    }
    expect(await counted()).toBe(61);
  });

  it('forgets what is older than 30 days', async () => {
    await ctx.t.database.db.insert(remoteBuilds).values({ area: 'users', version: '0.7.3', entry: 'http://127.0.0.1:9/users/0.7.3/mf-manifest.json' });
    const now = new Date();
    const old = new Date(now.getTime() - (TELEMETRY_LIMITS.retentionDays + 1) * 86_400_000);
    const events = [eventOf(users, 'page_view', { version: '0.7.3' }), eventOf(users, 'render_error', { version: '0.7.3', error: { type: 'E', frame: 'old.js:1:1' } })];
    await ingestEvents(ctx.t.app.ctx, { events }, old);
    await ingestEvents(ctx.t.app.ctx, { events: [{ ...events[1], error: { type: 'E', frame: 'new.js:1:1' } }] }, now);
    const count = async (table: string) =>
      (await ctx.t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where version = '0.7.3'`)).rows[0].n;
    expect([await count('area_health_window'), await count('area_health_hour'), await count('area_health_error')]).toEqual([2, 2, 2]);
    await deleteExpiredHealth(ctx.t.database.db, now);
    expect([await count('area_health_window'), await count('area_health_hour'), await count('area_health_error')]).toEqual([1, 1, 1]);
    const [left] = await ctx.t.database.db.select().from(remoteBuilds).where(and(eq(remoteBuilds.area, 'users'), eq(remoteBuilds.version, '0.7.3')));
    expect(left).toBeDefined();
  });
});

describe('GET /system/remote/health', () => {
  it('answers per cohort its totals, series, versions and top errors, and the guard', async () => {
    const answer = await healthOf('area=users');
    expect(Object.keys(answer).sort()).toEqual(['area', 'candidate', 'from', 'guard', 'stable', 'to']);
    expect(new Date(answer.to).getTime() - new Date(answer.from).getTime()).toBe(86_400_000);
    expect(answer.stable.series.length).toBeGreaterThan(0);
    for (const point of answer.stable.series) expect(new Date(point.at).getTime() % (5 * 60_000)).toBe(0);
    expect(answer.stable.series.reduce((sum, point) => sum + point.page_views, 0)).toBe(answer.stable.totals.page_views);
    expect(answer.stable.top_errors.length).toBeLessThanOrEqual(10);
    expect(answer.candidate).toMatchObject({ versions: [], series: [], top_errors: [], totals: { page_views: 0, error_rate: null, inp: { p75: null, samples: 0 } } });
    expect(answer.guard).toEqual({
      settings: { paused: false, min_page_views: 50, error_rate_floor: 0.02, error_rate_factor: 2, min_inp_samples: 50, inp_worse_by: 0.5 },
      last_decision: null,
    });
  });

  it('reads hours when the period is over 2 days', async () => {
    const to = new Date(Date.now() + 60_000);
    const from = new Date(to.getTime() - 3 * 86_400_000);
    const answer = await healthOf(`area=users&from=${from.toISOString()}&to=${to.toISOString()}`);
    expect(answer.stable.series.length).toBeGreaterThan(0);
    for (const point of answer.stable.series) expect(new Date(point.at).getTime() % 3_600_000).toBe(0);
    expect(answer.stable.series.reduce((sum, point) => sum + point.page_views, 0)).toBe(answer.stable.totals.page_views);
  });

  it('refuses bad periods with a Vietnamese message, unknown areas with a 404, and callers without System ManageAreas', async () => {
    const cases: Array<[string, string]> = [
      ['area=users&from=yesterday', TELEMETRY_TEXT.badInstant],
      ['area=users&to=2026-13-01T00:00:00Z', TELEMETRY_TEXT.badInstant],
      ['area=users&from=2026-11-01T00:00:00', TELEMETRY_TEXT.badInstant],
      ['area=users&from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z', TELEMETRY_TEXT.periodReversed],
      ['area=users&from=2026-10-01T00:00:00Z&to=2026-11-02T00:00:00Z', TELEMETRY_TEXT.periodTooLong],
    ];
    for (const [query, message] of cases) {
      const res = await health(query);
      expect({ query, status: res.statusCode, fields: Object.values(res.json().error.fields ?? {}) }).toEqual({ query, status: 400, fields: [message] });
    }
    expect((await health('area=Users')).statusCode).toBe(400);
    expect((await health('area=nowhere')).statusCode).toBe(404);
    for (const token of [ctx.tok.academicAffair, ctx.tok.teacher, ctx.tok.student]) expect((await health('area=users', token)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'GET', '/system/remote/health?area=users')).statusCode).toBe(401);
  });
});
