/**
 * Area health: what the shell reports of each remote area it runs (page views, load failures, render
 * errors, unhandled errors, web vitals), attributed to the area, its build version and the user's cohort
 * (stable or candidate build), and the rollout guard that switches a failing candidate off by itself.
 * Aggregated by the API per area × version × cohort × 5-minute window; nothing personal is kept. The
 * schemas are in ../schemas/telemetry.ts.
 */

/** A build's cohort: the area's stable build, or the candidate a rollout gives some users. */
export const COHORTS = ['stable', 'candidate'] as const;
export type Cohort = (typeof COHORTS)[number];

/** What one event reports. */
export const TELEMETRY_KINDS = ['page_view', 'load_failure', 'render_error', 'unhandled_error', 'vital'] as const;
export type TelemetryKind = (typeof TELEMETRY_KINDS)[number];

/** The measured vitals: LCP, INP and time to first render in ms, CLS unitless (×1000 in storage). TTFR: route change → the area's first render. */
export const VITALS = ['LCP', 'INP', 'CLS', 'TTFR'] as const;
export type VitalName = (typeof VITALS)[number];

/** Browser families: the only thing said of the browser. */
export const BROWSER_FAMILIES = ['chrome', 'edge', 'firefox', 'safari', 'other'] as const;
export type BrowserFamily = (typeof BROWSER_FAMILIES)[number];

export const TELEMETRY_LIMITS = {
  /** Bytes of one batch (the body of POST /telemetry). */
  batchBytes: 64 * 1024,
  /** Events in one batch. */
  batchEvents: 50,
  /** Events a page view may send in all (the shell stops counting after this). */
  perPageView: 100,
  /** Events the shell sends per minute. */
  perMinute: 60,
  /** Batches the API takes per session and minute (429 past it). */
  batchesPerSessionMinute: 30,
  /** Aggregation window. */
  windowMinutes: 5,
  /** Days the aggregates are kept. */
  retentionDays: 30,
  /** Length of an error's type and first stack frame as kept. */
  errorTypeLength: 120,
  frameLength: 300,
} as const;

/** The guard's defaults, per area (each configurable on the Areas screen). */
export const GUARD_DEFAULTS = {
  /** Candidate page views in the window before the guard judges. */
  minPageViews: 50,
  /** The error-rate floor: the candidate is off when its rate exceeds max(factor × stable's, floor). */
  errorRateFloor: 0.02,
  errorRateFactor: 2,
  /** INP: judged once both builds have this many samples; off when the candidate's p75 exceeds stable's × (1 + this). */
  minInpSamples: 50,
  inpWorseBy: 0.5,
  /** The window the guard reads (minutes back from now, and never before the candidate's rollout began). */
  windowMinutes: 60,
} as const;

export const TELEMETRY_TEXT = {
  proofInvalid: 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn',
  batchTooLarge: 'Gói dữ liệu đo lường quá lớn',
  guardRolledBack: (area: string, version: string) => `Bản thử nghiệm ${version} của khu vực ${area} đã được tự động tắt`,
  badInstant: 'Thời điểm không hợp lệ (ISO 8601 có múi giờ, ví dụ 2026-11-29T07:00:00Z)',
  periodReversed: 'Thời điểm bắt đầu phải trước thời điểm kết thúc',
  periodTooLong: 'Khoảng thời gian xem tối đa 31 ngày',
  /** The guard's reasons, with the figures that decided (rates and slowdowns in %). */
  guardErrorRate: (rate: string, low: string, pageViews: number, threshold: string, stable: string) =>
    `Tỉ lệ lỗi ${rate} (cận dưới khoảng tin cậy 95 %: ${low}) trên ${pageViews} lượt xem vượt ngưỡng ${threshold} (bản ổn định: ${stable})`,
  guardInp: (candidate: number, stable: number, worseBy: string, limit: string) =>
    `INP p75 ${candidate} ms so với ${stable} ms của bản ổn định: chậm hơn ${worseBy}, vượt mức cho phép ${limit}`,
  guardKept: (rate: string, pageViews: number, threshold: string) => `Bản thử nghiệm trong ngưỡng: tỉ lệ lỗi ${rate} trên ${pageViews} lượt xem (ngưỡng ${threshold})`,
} as const;
