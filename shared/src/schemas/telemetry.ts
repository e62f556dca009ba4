/**
 * POST /telemetry (the shell's batches of area health events) and GET /system/remote/health, PUT
 * /system/remote/guard (the Areas screen, System ManageAreas). The API validates and serialises with these;
 * the shell and the Areas screen take their types from them.
 */
import { Type, type Static, type TNumberOptions } from 'typebox';
import { BROWSER_FAMILIES, COHORTS, TELEMETRY_KINDS, TELEMETRY_LIMITS, VITALS } from '../contracts/telemetry';
import { Nullable, Text, msgs } from './builders';

/** A route pattern as the registry writes it (`/learning/classes`, `/users/teacher/:id`): never a query string. */
const RoutePattern = Text(200, { pattern: '^/[A-Za-z0-9/:_-]*$' });
const AreaName = Text(64, { pattern: '^[a-z][a-z0-9_]*$' });
const Version = Text(64, { pattern: '^[0-9A-Za-z.+-]+$' });
/** A measurement or a ratio: any fraction within its bounds (never an amount: it is bucketed or compared, not summed). */
const Measure = (options: TNumberOptions) => Type.Number({ ...options, 'x-measurement': true });

export const TelemetryEvent = Type.Object(
  {
    kind: Type.Enum([...TELEMETRY_KINDS]),
    area: AreaName,
    version: Version,
    cohort: Type.Enum([...COHORTS]),
    route: RoutePattern,
    browser: Type.Enum([...BROWSER_FAMILIES]),
    /** load_failure, render_error, unhandled_error: the error's type (`TypeError`, `ChunkLoadError`) and first stack frame (file:line:col of the area's files, no query). */
    error: Type.Optional(
      Type.Object(
        { type: Text(TELEMETRY_LIMITS.errorTypeLength), frame: Text(TELEMETRY_LIMITS.frameLength) },
        { additionalProperties: false },
      ),
    ),
    /** vital: its name and value (ms; CLS unitless). */
    vital: Type.Optional(
      Type.Object(
        { name: Type.Enum([...VITALS]), value: Measure({ minimum: 0, maximum: 600_000 }) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** A batch: `proof` is the telemetry proof of the sender's session (the manifest gives it; sendBeacon cannot set headers). */
export const TelemetryBatch = Type.Object(
  {
    proof: Text(512, { minLength: 1 }),
    events: Type.Array(TelemetryEvent, { minItems: 1, maxItems: TELEMETRY_LIMITS.batchEvents, ...msgs({ default: 'events: 1–50' }) }),
  },
  { additionalProperties: false },
);

export const HealthQuery = Type.Object({
  area: AreaName,
  /** ISO 8601; default: 24 hours before `to`. */
  from: Type.Optional(Text(40)),
  /** ISO 8601; default: now. */
  to: Type.Optional(Text(40)),
});

const Percentiles = Type.Object({ p75: Nullable(Type.Number()), p95: Nullable(Type.Number()), samples: Type.Integer() });
const Figures = {
  page_views: Type.Integer(),
  load_failures: Type.Integer(),
  render_errors: Type.Integer(),
  unhandled_errors: Type.Integer(),
  /** (load failures + render errors) / page views; null without page views. */
  error_rate: Nullable(Type.Number()),
  lcp: Percentiles,
  inp: Percentiles,
  /** Unitless (0.1 = 0.1). */
  cls: Percentiles,
  ttfr: Percentiles,
};

export const HealthPoint = Type.Object({ at: Type.String(), ...Figures });
export const CohortHealth = Type.Object({
  /** The versions seen in the period for this cohort, newest first. */
  versions: Type.Array(Type.String()),
  totals: Type.Object(Figures),
  /** One point per window (5 minutes; an hour when the period is over 2 days), oldest first, windows without events left out. */
  series: Type.Array(HealthPoint),
  top_errors: Type.Array(
    Type.Object({ kind: Type.String(), type: Type.String(), frame: Type.String(), version: Type.String(), count: Type.Integer(), first_seen: Type.String(), last_seen: Type.String() }),
  ),
});

export const GuardSettings = Type.Object(
  {
    /** On by default; paused: the guard watches but never switches off. */
    paused: Type.Boolean(),
    min_page_views: Type.Integer({ minimum: 10, maximum: 100_000, ...msgs({ default: 'Số lượt xem tối thiểu từ 10 đến 100000' }) }),
    error_rate_floor: Measure({ minimum: 0.001, maximum: 1, ...msgs({ default: 'Ngưỡng tỉ lệ lỗi từ 0,1 % đến 100 %' }) }),
    error_rate_factor: Measure({ minimum: 1, maximum: 100, ...msgs({ default: 'Hệ số tỉ lệ lỗi từ 1 đến 100' }) }),
    min_inp_samples: Type.Integer({ minimum: 10, maximum: 100_000, ...msgs({ default: 'Số mẫu INP tối thiểu từ 10 đến 100000' }) }),
    inp_worse_by: Measure({ minimum: 0.05, maximum: 10, ...msgs({ default: 'INP chậm hơn từ 5 % đến 1000 %' }) }),
  },
  { additionalProperties: false },
);

/** The guard's last decision (a rollback, or the last judgement that kept the candidate). */
export const GuardDecision = Type.Object({
  at: Type.String(),
  action: Type.Enum(['rolled_back', 'kept']),
  version: Type.String(),
  reason: Type.String(),
  figures: Type.Record(Type.String(), Type.Union([Type.Number(), Type.Null()])),
});

export const AreaHealth = Type.Object({
  area: Type.String(),
  from: Type.String(),
  to: Type.String(),
  stable: CohortHealth,
  candidate: CohortHealth,
  guard: Type.Object({ settings: GuardSettings, last_decision: Nullable(GuardDecision) }),
});

export const GuardBody = Type.Object({ area: AreaName, settings: GuardSettings }, { additionalProperties: false });

export type TelemetryEventInput = Static<typeof TelemetryEvent>;
export type TelemetryBatchInput = Static<typeof TelemetryBatch>;
export type AreaHealthRecord = Static<typeof AreaHealth>;
export type CohortHealthRecord = Static<typeof CohortHealth>;
export type GuardSettingsRecord = Static<typeof GuardSettings>;
export type GuardDecisionRecord = Static<typeof GuardDecision>;
