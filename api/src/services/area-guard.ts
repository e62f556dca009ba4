/**
 * The rollout guard: switches an area's candidate build off by itself when it fails.
 *
 * For each area with a candidate given to some users and its guard not paused, the guard reads the last
 * GUARD_DEFAULTS.windowMinutes (never before the candidate's rollout began: windows from the one it began
 * in) of the candidate's and the stable build's 5-minute aggregates, and switches the candidate off when
 * - errors: the candidate has at least `min_page_views` page views and its error rate (load failures and
 *   render errors per page view) exceeds max(`error_rate_factor` × stable's rate, `error_rate_floor`),
 *   judged on the lower bound of the 95 % Wilson interval of the candidate's rate, so that a healthy
 *   candidate's ordinary noise does not trip it; or
 * - INP: both builds have `min_inp_samples` INP samples and the candidate's p75 exceeds stable's p75 ×
 *   (1 + `inp_worse_by`).
 * The switch is conditional (only while the candidate is still that version), audited as the system's
 * action with its figures, and every administrator who manages areas is notified. A judgement that keeps
 * the candidate is recorded too, as the area's last decision.
 *
 * When it judges: services/area-guard-worker.
 */
import { sql } from 'drizzle-orm';
import { ADMINISTRATOR_ROLE_NAME } from '@trungtam/shared/permissions';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';
import { GUARD_DEFAULTS, TELEMETRY_LIMITS, TELEMETRY_TEXT } from '@trungtam/shared/contracts/telemetry';
import type { GuardDecisionRecord, GuardSettingsRecord } from '@trungtam/shared/schemas/telemetry';
import type { Queryable } from '../db/client';
import type { AppContext } from '../types';
import { addInto, percentile, samples, type Histogram } from '../lib/histogram';
import { floorTo, guardSettingsOf } from './area-health';
import { notifyUsers } from './notifications';
import { guardSwitchOff } from './remote-releases';

/** A build's figures in the guard's window. */
export interface BuildTally {
  pageViews: number;
  /** Load failures and render errors. */
  errors: number;
  inp: Histogram;
}

/** The z of a two-sided 95 % interval. */
const Z = 1.959964;

/** The lower bound of the Wilson score interval of k successes in n trials (95 %). */
export function wilsonLower(k: number, n: number): number {
  if (n <= 0) return 0;
  const p = Math.min(k, n) / n;
  const z2 = Z * Z;
  const centre = p + z2 / (2 * n);
  const margin = Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return Math.max(0, (centre - margin) / (1 + z2 / n));
}

const percent = (value: number | null) => (value === null ? '—' : `${(Math.round(value * 10000) / 100).toLocaleString('vi-VN')} %`);
const rounded = (value: number, places = 4) => Math.round(value * 10 ** places) / 10 ** places;

export interface Judgement {
  action: 'rolled_back' | 'kept';
  reason: string;
  figures: Record<string, number | null>;
}

/** The guard's rule (pure): a judgement, or null when there is not yet enough to judge. */
export function judge(settings: GuardSettingsRecord, candidate: BuildTally, stable: BuildTally): Judgement | null {
  const candidateRate = candidate.pageViews > 0 ? candidate.errors / candidate.pageViews : null;
  const stableRate = stable.pageViews > 0 ? stable.errors / stable.pageViews : null;
  const threshold = Math.max(settings.error_rate_factor * (stableRate ?? 0), settings.error_rate_floor);
  const low = wilsonLower(candidate.errors, candidate.pageViews);
  const candidateInp = samples(candidate.inp);
  const stableInp = samples(stable.inp);
  const candidateP75 = percentile(candidate.inp, 0.75);
  const stableP75 = percentile(stable.inp, 0.75);
  const figures: Record<string, number | null> = {
    candidate_page_views: candidate.pageViews,
    candidate_errors: candidate.errors,
    candidate_error_rate: candidateRate === null ? null : rounded(candidateRate),
    candidate_error_rate_low: rounded(low),
    stable_page_views: stable.pageViews,
    stable_errors: stable.errors,
    stable_error_rate: stableRate === null ? null : rounded(stableRate),
    error_rate_threshold: rounded(threshold),
    candidate_inp_p75: candidateP75 === null ? null : Math.round(candidateP75),
    stable_inp_p75: stableP75 === null ? null : Math.round(stableP75),
    candidate_inp_samples: candidateInp,
    stable_inp_samples: stableInp,
  };
  const errorsJudged = candidate.pageViews >= settings.min_page_views;
  if (errorsJudged && low > threshold) {
    return { action: 'rolled_back', reason: TELEMETRY_TEXT.guardErrorRate(percent(candidateRate), percent(low), candidate.pageViews, percent(threshold), percent(stableRate)), figures };
  }
  const inpJudged = candidateInp >= settings.min_inp_samples && stableInp >= settings.min_inp_samples && candidateP75 !== null && stableP75 !== null;
  if (inpJudged && candidateP75 > stableP75 * (1 + settings.inp_worse_by)) {
    return {
      action: 'rolled_back',
      reason: TELEMETRY_TEXT.guardInp(Math.round(candidateP75), Math.round(stableP75), percent(candidateP75 / stableP75 - 1), percent(settings.inp_worse_by)),
      figures,
    };
  }
  if (!errorsJudged && !inpJudged) return null;
  return { action: 'kept', reason: TELEMETRY_TEXT.guardKept(percent(candidateRate), candidate.pageViews, percent(threshold)), figures };
}

interface GuardedArea {
  name: string;
  stable_version: string;
  candidate_version: string;
  rollout_started_at: Date | null;
  guard: GuardSettingsRecord | null;
}

/** The accounts that manage areas (the Administrator role, or a role with System ManageAreas), active. */
async function areaManagers(db: Queryable): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select u.id from "user" u join "role" r on r.id = u.role_id
    where u.deleted_at is null and u.status = ${ACCOUNT_STATUS.ACTIVE}
      and (r.name = ${ADMINISTRATOR_ROLE_NAME} or exists (
        select 1 from role_permission rp join permission p on p.id = rp.permission_id
        where rp.role_id = r.id and p.resource = 'System' and p.action = 'ManageAreas'))
    order by u.id`);
  return rows.rows.map((row) => Number(row.id));
}

/** The candidate's and the stable build's figures in the window from `since`. */
async function tallies(ctx: AppContext, area: GuardedArea, since: Date): Promise<{ candidate: BuildTally; stable: BuildTally }> {
  const rows = await ctx.database.query<{ cohort: string; page_views: number; load_failures: number; render_errors: number; inp: number[] }>(
    `select cohort, page_views, load_failures, render_errors, inp from area_health_window
     where area = $1 and window_start >= $2
       and ((cohort = 'candidate' and version = $3) or (cohort = 'stable' and version = $4))`,
    [area.name, since.toISOString(), area.candidate_version, area.stable_version],
    'guard_tallies',
  );
  const candidate: BuildTally = { pageViews: 0, errors: 0, inp: [] };
  const stable: BuildTally = { pageViews: 0, errors: 0, inp: [] };
  for (const row of rows) {
    const into = row.cohort === 'candidate' ? candidate : stable;
    into.pageViews += row.page_views;
    into.errors += row.load_failures + row.render_errors;
    addInto(into.inp, row.inp);
  }
  return { candidate, stable };
}

/** Judges one area's candidate now and acts; the decision recorded (null: nothing to judge). */
async function evaluateArea(ctx: AppContext, area: GuardedArea, now: Date): Promise<GuardDecisionRecord | null> {
  const settings = guardSettingsOf(area.guard);
  const windowStart = new Date(now.getTime() - GUARD_DEFAULTS.windowMinutes * 60_000);
  const began = area.rollout_started_at ? new Date(area.rollout_started_at) : windowStart;
  const since = floorTo(began > windowStart ? began : windowStart, TELEMETRY_LIMITS.windowMinutes * 60_000);
  const { candidate, stable } = await tallies(ctx, area, since);
  const judgement = judge(settings, candidate, stable);
  if (!judgement) return null;
  const decision: GuardDecisionRecord = { at: now.toISOString(), version: area.candidate_version, ...judgement };
  if (judgement.action === 'rolled_back') {
    const acted = await guardSwitchOff(ctx, area.name, decision, async (tx) =>
      notifyUsers(tx, await areaManagers(tx), { name: TELEMETRY_TEXT.guardRolledBack(area.name, area.candidate_version), message: judgement.reason }),
    );
    return acted ? decision : null;
  }
  await ctx.database.query(
    'update remote_area set guard_decision = $1 where name = $2 and candidate_version = $3',
    [JSON.stringify(decision), area.name, area.candidate_version],
    'guard_kept',
  );
  return decision;
}

/**
 * Judges every guarded area (or those named) now: each with a candidate, a rollout and its guard not
 * paused. The decisions taken, by area.
 */
export async function evaluateGuards(
  ctx: AppContext,
  names?: string[],
  now = new Date(),
  log?: { warn(message: string): void },
): Promise<Map<string, GuardDecisionRecord>> {
  const areas = await ctx.database.query<GuardedArea>(
    `select name, stable_version, candidate_version, rollout_started_at, guard from remote_area
     where candidate_version is not null and rollout is not null and enabled and coalesce((guard ->> 'paused')::boolean, false) = false
     order by name`,
    [],
    'guard_areas',
  );
  const decisions = new Map<string, GuardDecisionRecord>();
  for (const area of areas) {
    if (names && !names.includes(area.name)) continue;
    const decision = await evaluateArea(ctx, area, now);
    if (!decision) continue;
    decisions.set(area.name, decision);
    if (decision.action === 'rolled_back') log?.warn(`Area guard: the candidate ${decision.version} of ${area.name} was switched off (${decision.reason})`);
  }
  return decisions;
}
