/**
 * Area health: the shell's reports of the remote areas it runs (POST /telemetry), aggregated per area ×
 * build version × cohort × 5-minute window (and by the hour, for long periods), with the errors seen of
 * each build; and an area's health over a period as the Areas screen reads it (GET /system/remote/health).
 *
 * Nothing personal is kept: no user, no query string, no name. An event counts only when its area is
 * known, its route is one of the area's registry routes (a pattern, never a path the user typed) and its
 * version one of the area's builds; otherwise it is dropped. The cohort is the server's: the area's current
 * candidate version is the candidate cohort, any other build the stable one.
 *
 * A batch is aggregated in memory first, then written with one statement per table whose updates only add
 * (`x = t.x + excluded.x`, histograms element by element: health_histogram_add), so that batches written
 * at once by several API instances add up exactly.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TELEMETRY_LIMITS, TELEMETRY_TEXT, GUARD_DEFAULTS, type Cohort, type VitalName } from '@trungtam/shared/contracts/telemetry';
import { REMOTE_TEXT } from '@trungtam/shared/contracts/remotes';
import type {
  AreaHealthRecord,
  CohortHealthRecord,
  GuardSettingsRecord,
  TelemetryBatchInput,
  TelemetryEventInput,
} from '@trungtam/shared/schemas/telemetry';
import type { Queryable } from '../db/client';
import type { AppContext } from '../types';
import { ApiError, invalid, notFound, unauthenticated } from '../lib/errors';
import { addInto, arrayLiteral, percentile, record, samples, type Histogram } from '../lib/histogram';
import { sessionIsActive } from './sessions';

const WINDOW_MS = TELEMETRY_LIMITS.windowMinutes * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Periods longer than this are read by the hour. */
const HOURLY_AFTER_MS = 2 * DAY_MS;
const MAX_PERIOD_MS = 31 * DAY_MS;
const TOP_ERRORS = 10;

/** The vitals' histogram columns; CLS is kept ×1000 (the buckets start at 1). */
const VITAL_COLUMNS: Record<VitalName, 'lcp' | 'inp' | 'cls' | 'ttfr'> = { LCP: 'lcp', INP: 'inp', CLS: 'cls', TTFR: 'ttfr' };
const VITAL_SCALE: Record<VitalName, number> = { LCP: 1, INP: 1, CLS: 1000, TTFR: 1 };
type VitalColumn = (typeof VITAL_COLUMNS)[VitalName];
const VITAL_COLUMN_NAMES: VitalColumn[] = ['lcp', 'inp', 'cls', 'ttfr'];

export const floorTo = (at: Date | number, stepMs: number) => new Date(Math.floor(new Date(at).getTime() / stepMs) * stepMs);

// ---------------------------------------------------------------- the proof

/** The session a batch's proof names while it is good (401 otherwise: unknown, forged, ended, idle, expired). */
export async function telemetrySession(ctx: AppContext, proof: string): Promise<{ userId: number; sessionId: string }> {
  const claims = ctx.tokens.verifyTelemetryProof(proof);
  if (!claims || !(await sessionIsActive(ctx, claims.userId, claims.sessionId))) throw unauthenticated(TELEMETRY_TEXT.proofInvalid);
  return claims;
}

export const batchTooLarge = () => new ApiError(413, 'VALIDATION_FAILED', TELEMETRY_TEXT.batchTooLarge);

// ---------------------------------------------------------------- what an event may say

interface AreaFacts {
  routes: Set<string>;
  versions: Set<string>;
  candidate: string | null;
}

/** Every area's registry routes, builds and current candidate (one query). */
async function areaFacts(ctx: AppContext): Promise<Map<string, AreaFacts>> {
  const rows = await ctx.database.query<{ name: string; routes: string[] | null; versions: string[] | null; candidate: string | null }>(
    `select a.name, a.candidate_version as candidate,
       (select array_agg(r ->> 'path') from jsonb_array_elements(a.routes) r) as routes,
       (select array_agg(b.version) from remote_build b where b.area = a.name) as versions
     from remote_area a`,
    [],
    'telemetry_area_facts',
  );
  return new Map(rows.map((row) => [row.name, { routes: new Set(row.routes ?? []), versions: new Set(row.versions ?? []), candidate: row.candidate }]));
}

const ERROR_TYPE = /^[A-Za-z_$][\w$.]*$/;

/** An error's type as kept: an identifier (`TypeError`, `ChunkLoadError`), anything else `Error`. */
export const cleanErrorType = (type: string) => (ERROR_TYPE.test(type) ? type.slice(0, TELEMETRY_LIMITS.errorTypeLength) : 'Error');

/**
 * A stack frame as kept: file:line:col without a query string, a fragment or credentials, and only
 * characters a file's address has (anything else becomes `_`).
 */
export function cleanFrame(frame: string): string {
  const position = /(:\d+){1,2}\)?$/.exec(frame)?.[0] ?? '';
  let file = frame.slice(0, frame.length - position.length);
  file = file.replace(/[?#].*$/s, '').replace(/\/\/[^/@\s]*@/, '//');
  return `${file}${position.replace(/\)$/, '')}`.replace(/[^A-Za-z0-9_./:@~+-]+/g, '_').slice(0, TELEMETRY_LIMITS.frameLength);
}

// ---------------------------------------------------------------- aggregating a batch

interface Tally {
  area: string;
  cohort: Cohort;
  version: string;
  pageViews: number;
  loadFailures: number;
  renderErrors: number;
  unhandledErrors: number;
  vitals: Record<VitalColumn, Histogram>;
}

const emptyTally = (area: string, cohort: Cohort, version: string): Tally => ({
  area,
  cohort,
  version,
  pageViews: 0,
  loadFailures: 0,
  renderErrors: 0,
  unhandledErrors: 0,
  vitals: { lcp: [], inp: [], cls: [], ttfr: [] },
});

interface ErrorTally {
  area: string;
  version: string;
  cohort: Cohort;
  kind: string;
  type: string;
  frame: string;
  count: number;
}

export interface IngestResult {
  /** Events counted. */
  stored: number;
  /** Events dropped (an unknown area, route or version; a vital without its value). */
  dropped: number;
  /** The areas whose candidate this batch reported on (the guard judges them soon). */
  candidateAreas: string[];
}

/** One batch's events, counted in memory by area × cohort × version, and its errors. */
function aggregate(events: TelemetryEventInput[], facts: Map<string, AreaFacts>) {
  const tallies = new Map<string, Tally>();
  const errors = new Map<string, ErrorTally>();
  const candidateAreas = new Set<string>();
  let dropped = 0;
  for (const event of events) {
    const area = facts.get(event.area);
    if (!area || !area.routes.has(event.route) || !area.versions.has(event.version)) {
      dropped += 1;
      continue;
    }
    const cohort: Cohort = event.version === area.candidate ? 'candidate' : 'stable';
    const key = `${event.area}\u0000${cohort}\u0000${event.version}`;
    let tally = tallies.get(key);
    if (!tally) tallies.set(key, (tally = emptyTally(event.area, cohort, event.version)));
    switch (event.kind) {
      case 'page_view':
        tally.pageViews += 1;
        break;
      case 'vital':
        if (!event.vital) {
          dropped += 1;
          continue;
        }
        record(tally.vitals[VITAL_COLUMNS[event.vital.name]], event.vital.value * VITAL_SCALE[event.vital.name]);
        break;
      default:
        if (event.kind === 'load_failure') tally.loadFailures += 1;
        else if (event.kind === 'render_error') tally.renderErrors += 1;
        else tally.unhandledErrors += 1;
        if (event.error) {
          const type = cleanErrorType(event.error.type);
          const frame = cleanFrame(event.error.frame);
          const errorKey = `${key}\u0000${event.kind}\u0000${type}\u0000${frame}`;
          const known = errors.get(errorKey);
          if (known) known.count += 1;
          else errors.set(errorKey, { area: event.area, version: event.version, cohort, kind: event.kind, type, frame, count: 1 });
        }
    }
    if (cohort === 'candidate') candidateAreas.add(event.area);
  }
  // rows in key order: two instances upserting the same rows lock them in the same order (no deadlock)
  const byKey = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);
  return { tallies: byKey(tallies), errors: byKey(errors), candidateAreas: [...candidateAreas], dropped };
}

const histogramSum = (column: VitalColumn) => sql.raw(`${column} = health_histogram_add(t.${column}, excluded.${column})`);

/** One statement: the tallies added to their window of `table` (the 5-minute or the hourly one). */
function upsertWindows(table: 'area_health_window' | 'area_health_hour', start: Date, tallies: Tally[]): SQL {
  const at = start.toISOString();
  const values = tallies.map(
    (t) =>
      sql`(${t.area}, ${at}::timestamptz, ${t.cohort}, ${t.version}, ${t.pageViews}, ${t.loadFailures}, ${t.renderErrors}, ${t.unhandledErrors},
        ${arrayLiteral(t.vitals.lcp)}::integer[], ${arrayLiteral(t.vitals.inp)}::integer[], ${arrayLiteral(t.vitals.cls)}::integer[], ${arrayLiteral(t.vitals.ttfr)}::integer[])`,
  );
  return sql`insert into ${sql.identifier(table)} as t
      (area, window_start, cohort, version, page_views, load_failures, render_errors, unhandled_errors, lcp, inp, cls, ttfr)
    values ${sql.join(values, sql`, `)}
    on conflict (area, window_start, cohort, version) do update set
      page_views = t.page_views + excluded.page_views,
      load_failures = t.load_failures + excluded.load_failures,
      render_errors = t.render_errors + excluded.render_errors,
      unhandled_errors = t.unhandled_errors + excluded.unhandled_errors,
      ${sql.join(VITAL_COLUMN_NAMES.map(histogramSum), sql`, `)}`;
}

function upsertErrors(at: Date, errors: ErrorTally[]): SQL {
  const seen = at.toISOString();
  const values = errors.map((e) => sql`(${e.area}, ${e.version}, ${e.cohort}, ${e.kind}, ${e.type}, ${e.frame}, ${e.count}, ${seen}::timestamptz, ${seen}::timestamptz)`);
  return sql`insert into area_health_error as t (area, version, cohort, kind, type, frame, count, first_seen, last_seen)
    values ${sql.join(values, sql`, `)}
    on conflict (area, version, cohort, kind, type, frame) do update set
      count = t.count + excluded.count,
      first_seen = least(t.first_seen, excluded.first_seen),
      last_seen = greatest(t.last_seen, excluded.last_seen)`;
}

/**
 * Counts a batch's events in the windows of `now` (when the API received them: the shell's clock is not
 * trusted). The proof has been checked by the caller.
 */
export async function ingestEvents(ctx: AppContext, batch: Pick<TelemetryBatchInput, 'events'>, now = new Date()): Promise<IngestResult> {
  const { tallies, errors, candidateAreas, dropped } = aggregate(batch.events, await areaFacts(ctx));
  if (tallies.length > 0) {
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(upsertWindows('area_health_window', floorTo(now, WINDOW_MS), tallies));
      await tx.execute(upsertWindows('area_health_hour', floorTo(now, HOUR_MS), tallies));
      if (errors.length > 0) await tx.execute(upsertErrors(now, errors));
    });
  }
  return { stored: batch.events.length - dropped, dropped, candidateAreas };
}

/** Deletes what is older than the retention (windows, hours, errors last seen before it); safe to run from any number of instances. */
export async function deleteExpiredHealth(db: Queryable, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - TELEMETRY_LIMITS.retentionDays * DAY_MS).toISOString();
  await db.execute(sql`delete from area_health_window where window_start < ${before}::timestamptz`);
  await db.execute(sql`delete from area_health_hour where window_start < ${before}::timestamptz`);
  await db.execute(sql`delete from area_health_error where last_seen < ${before}::timestamptz`);
}

// ---------------------------------------------------------------- the guard's settings

/** The settings as stored (null: the defaults) in the API's field names. */
export function guardSettingsOf(stored: GuardSettingsRecord | null | undefined): GuardSettingsRecord {
  return (
    stored ?? {
      paused: false,
      min_page_views: GUARD_DEFAULTS.minPageViews,
      error_rate_floor: GUARD_DEFAULTS.errorRateFloor,
      error_rate_factor: GUARD_DEFAULTS.errorRateFactor,
      min_inp_samples: GUARD_DEFAULTS.minInpSamples,
      inp_worse_by: GUARD_DEFAULTS.inpWorseBy,
    }
  );
}

// ---------------------------------------------------------------- reading an area's health

/** What a set of aggregate rows adds up to. */
export interface Sums {
  pageViews: number;
  loadFailures: number;
  renderErrors: number;
  unhandledErrors: number;
  vitals: Record<VitalColumn, Histogram>;
}

export const emptySums = (): Sums => ({ pageViews: 0, loadFailures: 0, renderErrors: 0, unhandledErrors: 0, vitals: { lcp: [], inp: [], cls: [], ttfr: [] } });

export interface WindowRow {
  cohort: string;
  version: string;
  window_start: Date;
  page_views: number;
  load_failures: number;
  render_errors: number;
  unhandled_errors: number;
  lcp: number[];
  inp: number[];
  cls: number[];
  ttfr: number[];
}

export function addRow(into: Sums, row: WindowRow): Sums {
  into.pageViews += row.page_views;
  into.loadFailures += row.load_failures;
  into.renderErrors += row.render_errors;
  into.unhandledErrors += row.unhandled_errors;
  for (const column of VITAL_COLUMN_NAMES) addInto(into.vitals[column], row[column]);
  return into;
}

/** Load failures and render errors per page view (null without page views). */
export const errorRate = (sums: Pick<Sums, 'pageViews' | 'loadFailures' | 'renderErrors'>) =>
  sums.pageViews > 0 ? (sums.loadFailures + sums.renderErrors) / sums.pageViews : null;

const round = (value: number | null, places: number) => (value === null ? null : Math.round(value * 10 ** places) / 10 ** places);

function percentiles(histogram: Histogram, scale: number) {
  const places = scale === 1 ? 0 : 3;
  const p75 = percentile(histogram, 0.75);
  const p95 = percentile(histogram, 0.95);
  return { p75: round(p75 === null ? null : p75 / scale, places), p95: round(p95 === null ? null : p95 / scale, places), samples: samples(histogram) };
}

function figures(sums: Sums) {
  return {
    page_views: sums.pageViews,
    load_failures: sums.loadFailures,
    render_errors: sums.renderErrors,
    unhandled_errors: sums.unhandledErrors,
    error_rate: round(errorRate(sums), 6),
    lcp: percentiles(sums.vitals.lcp, 1),
    inp: percentiles(sums.vitals.inp, 1),
    cls: percentiles(sums.vitals.cls, 1000),
    ttfr: percentiles(sums.vitals.ttfr, 1),
  };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function instant(field: 'from' | 'to', text: string | undefined, fallback: Date): Date {
  if (text === undefined) return fallback;
  const at = ISO_INSTANT.test(text) ? new Date(text) : new Date(NaN);
  if (Number.isNaN(at.getTime())) throw invalid({ [field]: TELEMETRY_TEXT.badInstant });
  return at;
}

/** The period asked for: `to` (now by default), `from` (24 hours before `to`); 400 when it is not one, or over 31 days. */
export function healthPeriod(query: { from?: string; to?: string }, now = new Date()): { from: Date; to: Date } {
  const to = instant('to', query.to, now);
  const from = instant('from', query.from, new Date(to.getTime() - DAY_MS));
  if (from.getTime() > to.getTime()) throw invalid({ from: TELEMETRY_TEXT.periodReversed });
  if (to.getTime() - from.getTime() > MAX_PERIOD_MS) throw invalid({ from: TELEMETRY_TEXT.periodTooLong });
  return { from, to };
}

const histogramOf = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

/** A row as the health query packs it: `at version counts… lcp inp cls ttfr`, histograms comma-separated. */
function unpackRow(cohort: string, line: string): WindowRow {
  const [at, version, pageViews, loadFailures, renderErrors, unhandledErrors, lcp, inp, cls, ttfr] = line.split(' ');
  return {
    cohort,
    version,
    window_start: new Date(Number(at)),
    page_views: Number(pageViews),
    load_failures: Number(loadFailures),
    render_errors: Number(renderErrors),
    unhandled_errors: Number(unhandledErrors),
    lcp: histogramOf(lcp ?? ''),
    inp: histogramOf(inp ?? ''),
    cls: histogramOf(cls ?? ''),
    ttfr: histogramOf(ttfr ?? ''),
  };
}

interface ErrorRow {
  cohort: string;
  kind: string;
  type: string;
  frame: string;
  version: string;
  count: number;
  first_seen: Date;
  last_seen: Date;
}

/**
 * An area's health over a period: per cohort its totals, its series (5-minute windows; hours when the
 * period is over 2 days), its versions and its 10 most frequent errors seen in the period (counted over
 * their whole life), with the guard's settings and last decision.
 */
export async function areaHealth(ctx: AppContext, query: { area: string; from?: string; to?: string }, now = new Date()): Promise<AreaHealthRecord> {
  const { from, to } = healthPeriod(query, now);
  const [area] = await ctx.database.query<{ guard: GuardSettingsRecord | null; guard_decision: AreaHealthRecord['guard']['last_decision'] }>(
    'select guard, guard_decision from remote_area where name = $1',
    [query.area],
    'health_area',
  );
  if (!area) throw notFound(REMOTE_TEXT.unknownArea(query.area));
  const step = to.getTime() - from.getTime() > HOURLY_AFTER_MS ? HOUR_MS : WINDOW_MS;
  const table = step === HOUR_MS ? 'area_health_hour' : 'area_health_window';
  // each cohort's rows come as one text (window, version, counts, histograms): far fewer values for the
  // driver to carry than a row each with four arrays (the answer of 30 days holds 721 hours a cohort)
  const [packed, errors] = await Promise.all([
    ctx.database.query<{ cohort: string; rows: string }>(
      `select cohort, string_agg(concat_ws(' ', (extract(epoch from window_start) * 1000)::bigint, version, page_views, load_failures,
         render_errors, unhandled_errors, array_to_string(lcp, ','), array_to_string(inp, ','), array_to_string(cls, ','),
         array_to_string(ttfr, ',')), ';' order by window_start) as rows
       from ${table} where area = $1 and window_start >= $2 and window_start <= $3 group by cohort`,
      [query.area, floorTo(from, step).toISOString(), to.toISOString()],
      `health_${table}`,
    ),
    ctx.database.query<ErrorRow>(
      `select * from (
         select cohort, kind, type, frame, version, count, first_seen, last_seen,
           row_number() over (partition by cohort order by count desc, last_seen desc) as rank
         from area_health_error where area = $1 and last_seen >= $2 and first_seen <= $3) ranked
       where rank <= ${TOP_ERRORS} order by cohort, rank`,
      [query.area, from.toISOString(), to.toISOString()],
      'health_top_errors',
    ),
  ]);
  const rows = packed.flatMap(({ cohort, rows: text }) => text.split(';').map((line) => unpackRow(cohort, line)));
  const cohortHealth = (cohort: Cohort): CohortHealthRecord => {
    const totals = emptySums();
    const points = new Map<number, Sums>();
    const lastSeen = new Map<string, number>();
    for (const row of rows) {
      if (row.cohort !== cohort) continue;
      const at = new Date(row.window_start).getTime();
      addRow(totals, row);
      let point = points.get(at);
      if (!point) points.set(at, (point = emptySums()));
      addRow(point, row);
      lastSeen.set(row.version, Math.max(lastSeen.get(row.version) ?? 0, at));
    }
    return {
      versions: [...lastSeen.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1)).map(([version]) => version),
      totals: figures(totals),
      series: [...points.entries()].sort((a, b) => a[0] - b[0]).map(([at, sums]) => ({ at: new Date(at).toISOString(), ...figures(sums) })),
      top_errors: errors
        .filter((error) => error.cohort === cohort)
        .map((error) => ({
          kind: error.kind,
          type: error.type,
          frame: error.frame,
          version: error.version,
          count: Number(error.count),
          first_seen: new Date(error.first_seen).toISOString(),
          last_seen: new Date(error.last_seen).toISOString(),
        })),
    };
  };
  return {
    area: query.area,
    from: from.toISOString(),
    to: to.toISOString(),
    stable: cohortHealth('stable'),
    candidate: cohortHealth('candidate'),
    guard: { settings: guardSettingsOf(area.guard), last_decision: area.guard_decision ?? null },
  };
}
