/**
 * The rollout guard: a candidate that fails switches off by itself once it has enough page views (audited
 * as the system's action, the administrators notified, the next manifest stable for everyone); a healthy
 * candidate with errors at the stable build's rate is never switched off; a paused guard never acts; the
 * INP rule; two judges at once act once; the settings (PUT /system/remote/guard).
 */
import { and, desc, eq } from 'drizzle-orm';
import { TELEMETRY_TEXT } from '@trungtam/shared/contracts/telemetry';
import type { ManifestArea } from '@trungtam/shared/contracts';
import type { AreaHealthRecord, GuardSettingsRecord, TelemetryEventInput } from '@trungtam/shared/schemas/telemetry';
import { auditLogs, remoteAreas, remoteBuilds } from '../src/db/schema';
import { ingestEvents } from '../src/services/area-health';
import { evaluateGuards, judge, wilsonLower } from '../src/services/area-guard';
import { call, setUpTestApp } from './helpers';
import { areaOf, eventOf, proofOf, sendEvents, type AreaInfo } from './support/telemetry';
import { waitFor } from './support/wait-for';

const ctx = setUpTestApp({ areaGuardIntervalMs: 3_600_000 });
let learning: AreaInfo;
const DEFAULTS: GuardSettingsRecord = { paused: false, min_page_views: 50, error_rate_floor: 0.02, error_rate_factor: 2, min_inp_samples: 50, inp_worse_by: 0.5 };

beforeAll(async () => {
  learning = await areaOf(ctx.t.app, ctx.tok.admin, 'learning');
});
afterEach(async () => ctx.t.app.ctx.areaGuard.stop());

/** A fresh build of the learning area made its candidate for everyone. */
async function newCandidate(version: string): Promise<void> {
  await ctx.t.database.db.insert(remoteBuilds).values({ area: 'learning', version, entry: `http://127.0.0.1:9/learning/${version}/mf-manifest.json` });
  const res = await call(ctx.t.app, 'PUT', '/system/remote/rollout', ctx.tok.admin, { area: 'learning', candidate_version: version, rollout: { percent: 100 } });
  expect(res.statusCode).toBe(200);
}

const candidateOf = async () => (await ctx.t.database.db.select().from(remoteAreas).where(eq(remoteAreas.name, 'learning')))[0].candidateVersion;
const learningBuildOf = async (token: string): Promise<ManifestArea> =>
  (await call(ctx.t.app, 'GET', '/system/remote/manifest', token)).json().data.areas.find((area: ManifestArea) => area.name === 'learning');
const guardAudits = () =>
  ctx.t.database.db.select().from(auditLogs).where(and(eq(auditLogs.resource, 'RemoteArea'), eq(auditLogs.resourceId, 'learning'), eq(auditLogs.action, 'rollback'))).orderBy(desc(auditLogs.id));

/** `n` page views of `version`, each with a render error while `fails(i)`. */
function pageViews(version: string, n: number, fails: (i: number) => boolean): TelemetryEventInput[] {
  return Array.from({ length: n }, (_, i) => [
    eventOf(learning, 'page_view', { version }),
    ...(fails(i) ? [eventOf(learning, 'render_error', { version, error: { type: 'TypeError', frame: 'https://app.example/learning/main.js:1:2' } })] : []),
  ]).flat();
}

/** A seeded random number generator (mulberry32). */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the rule', () => {
  it('reads the lower bound of the Wilson interval', () => {
    expect(wilsonLower(0, 50)).toBe(0);
    expect(wilsonLower(5, 50)).toBeCloseTo(0.0435, 3);
    expect(wilsonLower(50, 50)).toBeCloseTo(0.9287, 3);
  });

  it('does not judge before the minimum page views or INP samples', () => {
    expect(judge(DEFAULTS, { pageViews: 49, errors: 49, inp: [] }, { pageViews: 1000, errors: 0, inp: [] })).toBeNull();
    expect(judge(DEFAULTS, { pageViews: 50, errors: 50, inp: [] }, { pageViews: 1000, errors: 0, inp: [] })?.action).toBe('rolled_back');
    // 2 errors in 50 page views (4 %, twice the floor) is too little evidence against the 2 % threshold; 3 (6 %) is enough
    expect(judge(DEFAULTS, { pageViews: 50, errors: 2, inp: [] }, { pageViews: 1000, errors: 10, inp: [] })?.action).toBe('kept');
    expect(judge(DEFAULTS, { pageViews: 50, errors: 3, inp: [] }, { pageViews: 1000, errors: 10, inp: [] })?.action).toBe('rolled_back');
    // twice stable's rate: 10 % when stable fails 5 % of page views
    expect(judge(DEFAULTS, { pageViews: 1000, errors: 80, inp: [] }, { pageViews: 1000, errors: 50, inp: [] })?.action).toBe('kept');
    expect(judge(DEFAULTS, { pageViews: 1000, errors: 140, inp: [] }, { pageViews: 1000, errors: 50, inp: [] })?.action).toBe('rolled_back');
  });
});

describe('the guard', () => {
  it('switches off a candidate that fails on every render once it has the minimum page views: audited, administrators notified, the manifest stable', async () => {
    await newCandidate('2.0.0-bad');
    const proof = await proofOf(ctx.t.app, ctx.tok.teacher);
    await sendEvents(ctx.t.app, proof, pageViews(learning.stable, 200, (i) => i % 100 === 0));
    await sendEvents(ctx.t.app, proof, pageViews('2.0.0-bad', 40, () => true));
    expect((await learningBuildOf(ctx.tok.teacher)).cohort).toBe('candidate');
    expect(await evaluateGuards(ctx.t.app.ctx, ['learning'])).toEqual(new Map());
    expect(await candidateOf()).toBe('2.0.0-bad');

    // the running guard judges soon after the batch that completes the minimum
    ctx.t.app.ctx.areaGuard.start();
    await sendEvents(ctx.t.app, proof, pageViews('2.0.0-bad', 10, () => true));
    await waitFor('the candidate switched off', async () => (await candidateOf()) === null);

    expect(await learningBuildOf(ctx.tok.teacher)).toMatchObject({ version: learning.stable, cohort: 'stable' });
    const [audit] = await guardAudits();
    expect(audit).toMatchObject({ actorId: null, action: 'rollback' });
    const after = audit.after as { candidate: string | null; guard: { reason: string; figures: Record<string, number> } };
    expect(after.candidate).toBeNull();
    expect(after.guard.figures).toMatchObject({ candidate_page_views: 50, candidate_errors: 50, candidate_error_rate: 1, stable_page_views: 200, stable_errors: 2 });
    expect(after.guard.reason).toMatch(/^Tỉ lệ lỗi 100 % .* trên 50 lượt xem vượt ngưỡng 2 %/);

    const title = TELEMETRY_TEXT.guardRolledBack('learning', '2.0.0-bad');
    const inbox = (await call(ctx.t.app, 'GET', '/notifications?limit=50', ctx.tok.admin)).json().data.rows as Array<{ name: string; message: string }>;
    expect(inbox.filter((n) => n.name === title)).toEqual([{ ...inbox.find((n) => n.name === title), message: after.guard.reason }]);
    const others = (await call(ctx.t.app, 'GET', '/notifications?limit=50', ctx.tok.academicAffair)).json().data.rows as Array<{ name: string }>;
    expect(others.map((n) => n.name)).not.toContain(title);

    const health: AreaHealthRecord = (await call(ctx.t.app, 'GET', '/system/remote/health?area=learning', ctx.tok.admin)).json().data;
    expect(health.guard.last_decision).toMatchObject({ action: 'rolled_back', version: '2.0.0-bad', reason: after.guard.reason });
    expect(health.candidate.totals).toMatchObject({ page_views: 50, render_errors: 50, error_rate: 1 });
  });

  it('acts once when two judge at once (two API instances)', async () => {
    await newCandidate('2.0.1-bad');
    await ingestEvents(ctx.t.app.ctx, { events: pageViews('2.0.1-bad', 60, () => true) });
    const before = (await guardAudits()).length;
    const decisions = await Promise.all([evaluateGuards(ctx.t.app.ctx), evaluateGuards(ctx.t.app.ctx)]);
    expect(decisions.map((d) => d.get('learning')?.action ?? 'none').sort()).toEqual(['none', 'rolled_back']);
    expect((await guardAudits()).length).toBe(before + 1);
    const title = TELEMETRY_TEXT.guardRolledBack('learning', '2.0.1-bad');
    const inbox = (await call(ctx.t.app, 'GET', '/notifications?limit=50', ctx.tok.admin)).json().data.rows as Array<{ name: string }>;
    expect(inbox.filter((n) => n.name === title)).toHaveLength(1);
  });

  it('never switches off a healthy candidate whose errors come at the stable build\'s rate (1 %, thousands of page views, judged after every hundred)', async () => {
    await newCandidate('2.1.0-ok');
    const random = seeded(20261129);
    let judged = 0;
    for (let round = 0; round < 40; round++) {
      await ingestEvents(ctx.t.app.ctx, { events: pageViews(learning.stable, 100, () => random() < 0.01) });
      await ingestEvents(ctx.t.app.ctx, { events: pageViews('2.1.0-ok', 100, () => random() < 0.01) });
      const decision = (await evaluateGuards(ctx.t.app.ctx, ['learning'])).get('learning');
      expect({ round, action: decision?.action }).toEqual({ round, action: 'kept' });
      judged += 1;
    }
    expect(judged).toBe(40);
    expect(await candidateOf()).toBe('2.1.0-ok');
    const health: AreaHealthRecord = (await call(ctx.t.app, 'GET', '/system/remote/health?area=learning', ctx.tok.admin)).json().data;
    expect(health.guard.last_decision).toMatchObject({ action: 'kept', version: '2.1.0-ok', figures: expect.objectContaining({ candidate_page_views: 4000 }) });
  });

  it('never acts while paused; the settings are the administrators\' and audited', async () => {
    const paused = { ...DEFAULTS, paused: true };
    const refused = await call(ctx.t.app, 'PUT', '/system/remote/guard', ctx.tok.academicAffair, { area: 'learning', settings: paused });
    expect(refused.statusCode).toBe(403);
    const bad = await call(ctx.t.app, 'PUT', '/system/remote/guard', ctx.tok.admin, { area: 'learning', settings: { ...paused, min_page_views: 5 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.values(bad.json().error.fields)).toEqual(['Số lượt xem tối thiểu từ 10 đến 100000']);
    expect((await call(ctx.t.app, 'PUT', '/system/remote/guard', ctx.tok.admin, { area: 'nowhere', settings: paused })).statusCode).toBe(404);

    const res = await call(ctx.t.app, 'PUT', '/system/remote/guard', ctx.tok.admin, { area: 'learning', settings: paused });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ area: 'learning', guard: { settings: paused } });
    const [audit] = await ctx.t.database.db.select().from(auditLogs).where(and(eq(auditLogs.resourceId, 'learning'), eq(auditLogs.action, 'update'))).orderBy(desc(auditLogs.id));
    expect(audit).toMatchObject({ before: { guard: DEFAULTS }, after: { guard: paused } });

    await newCandidate('2.2.0-bad');
    await ingestEvents(ctx.t.app.ctx, { events: pageViews('2.2.0-bad', 200, () => true) });
    for (let i = 0; i < 3; i++) expect(await evaluateGuards(ctx.t.app.ctx)).toEqual(new Map());
    expect(await candidateOf()).toBe('2.2.0-bad');

    expect((await call(ctx.t.app, 'PUT', '/system/remote/guard', ctx.tok.admin, { area: 'learning', settings: DEFAULTS })).statusCode).toBe(200);
    expect((await evaluateGuards(ctx.t.app.ctx)).get('learning')?.action).toBe('rolled_back');
  });

  it('reads nothing from before the candidate\'s rollout began', async () => {
    await newCandidate('2.5.0-bad');
    // failures counted in a window half an hour before the rollout was set
    await ingestEvents(ctx.t.app.ctx, { events: pageViews('2.5.0-bad', 100, () => true) }, new Date(Date.now() - 30 * 60_000));
    expect(await evaluateGuards(ctx.t.app.ctx, ['learning'])).toEqual(new Map());
    expect(await candidateOf()).toBe('2.5.0-bad');
    await ingestEvents(ctx.t.app.ctx, { events: pageViews('2.5.0-bad', 50, () => true) });
    expect((await evaluateGuards(ctx.t.app.ctx, ['learning'])).get('learning')).toMatchObject({ action: 'rolled_back', figures: expect.objectContaining({ candidate_page_views: 50 }) });
  });

  it('switches off a candidate whose INP p75 is over stable\'s by more than allowed, and keeps one a little slower', async () => {
    const inp = (version: string, around: number) => Array.from({ length: 60 }, (_, i) => eventOf(learning, 'vital', { version, vital: { name: 'INP', value: around + (i % 10) * 4 } }));
    await ingestEvents(ctx.t.app.ctx, { events: inp(learning.stable, 150) });

    await newCandidate('2.4.0-fine');
    await ingestEvents(ctx.t.app.ctx, { events: [...pageViews('2.4.0-fine', 60, () => false), ...inp('2.4.0-fine', 165)] });
    expect((await evaluateGuards(ctx.t.app.ctx)).get('learning')).toMatchObject({ action: 'kept' });

    await newCandidate('2.3.0-slow');
    await ingestEvents(ctx.t.app.ctx, { events: [...pageViews('2.3.0-slow', 60, () => false), ...inp('2.3.0-slow', 400)] });
    const decision = (await evaluateGuards(ctx.t.app.ctx)).get('learning');
    expect(decision).toMatchObject({ action: 'rolled_back', version: '2.3.0-slow', figures: expect.objectContaining({ candidate_inp_samples: 60, stable_inp_samples: 60 }) });
    expect(decision!.reason).toMatch(/^INP p75 \d+ ms so với \d+ ms của bản ổn định/);
    expect(decision!.figures.candidate_inp_p75! / decision!.figures.stable_inp_p75!).toBeGreaterThan(1.5);
    expect(await candidateOf()).toBeNull();
  });
});
