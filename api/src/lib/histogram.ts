/**
 * Fixed-bucket histograms of the area health vitals: the same buckets everywhere, so that two histograms
 * add up element by element (in SQL: health_histogram_add) and an aggregate merged from any number of
 * API instances is exact.
 *
 * Buckets are log-spaced, 20 per decade: bucket 0 holds [0, 1), bucket i ≥ 1 holds
 * [10^((i−1)/20), 10^(i/20)), the last one also everything above. A percentile is read as its bucket's
 * geometric middle, 10^((i−½)/20), so it is within ±6 % (10^(1/40) − 1 ≈ 5.9 %) of the exact value
 * (0 for bucket 0). With ms values (LCP, INP, TTFR) the buckets reach 10 minutes; CLS is kept ×1000.
 */
export const BUCKETS_PER_DECADE = 20;
/** Buckets 0…116: 10^(116/20) ≈ 630,957 covers the 600,000 ms a vital may measure. */
export const BUCKET_COUNT = 117;
/** The largest relative error of a percentile read from the buckets. */
export const BUCKET_PRECISION = 10 ** (1 / (2 * BUCKETS_PER_DECADE)) - 1;

export type Histogram = number[];

/** The bucket of a value (≥ 0). */
export function bucketOf(value: number): number {
  if (!(value >= 1)) return 0;
  return Math.min(BUCKET_COUNT - 1, Math.floor(Math.log10(value) * BUCKETS_PER_DECADE) + 1);
}

/** The value a bucket stands for: its geometric middle (0 for bucket 0). */
export function bucketValue(bucket: number): number {
  return bucket === 0 ? 0 : 10 ** ((bucket - 0.5) / BUCKETS_PER_DECADE);
}

/** Adds `value` to `histogram` (grown as needed: a histogram is as long as its highest bucket used). */
export function record(histogram: Histogram, value: number): void {
  const bucket = bucketOf(value);
  while (histogram.length <= bucket) histogram.push(0);
  histogram[bucket] += 1;
}

/** Adds `other` into `into`, element by element. */
export function addInto(into: Histogram, other: readonly number[]): Histogram {
  for (let i = 0; i < other.length; i++) {
    if (i >= into.length) into.push(0);
    into[i] += other[i] ?? 0;
  }
  return into;
}

export const samples = (histogram: readonly number[]): number => histogram.reduce((sum, n) => sum + n, 0);

/**
 * The p-quantile (0 < p ≤ 1) by nearest rank: the value of the bucket holding the ⌈p·n⌉-th smallest
 * sample; null without samples.
 */
export function percentile(histogram: readonly number[], p: number): number | null {
  const n = samples(histogram);
  if (n === 0) return null;
  const rank = Math.max(1, Math.ceil(p * n));
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i];
    if (seen >= rank) return bucketValue(i);
  }
  return bucketValue(histogram.length - 1);
}

/** A histogram as a PostgreSQL array literal ('{0,3,1}'), for a parameter cast to integer[]. */
export const arrayLiteral = (histogram: readonly number[]): string => `{${histogram.join(',')}}`;
