/**
 * HTTP load with autocannon: N connections for a fixed time, every request's latency kept so that the
 * 95th percentile is exact (autocannon's own summary stops at p90 and p97.5).
 */
import autocannon from 'autocannon';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  /** answers other than 2xx, connection errors and timeouts (autocannon's 10 s) */
  failures: number;
  timeouts: number;
}

export interface LoadOptions {
  origin: string;
  token: string;
  connections: number;
  seconds: number;
  /** the paths requested, in turn (one, or several to vary a search term) */
  paths: string[];
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN);

export async function runLoad({ origin, token, connections, seconds, paths }: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const latencies: number[] = [];
  let failures = 0;
  let finished!: (result: autocannon.Result) => void;
  let failed!: (error: Error) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => ((finished = resolve), (failed = reject)));
  const instance = autocannon(
    {
      url: origin,
      connections,
      duration: seconds,
      timeout: 10,
      headers: { authorization: `Bearer ${token}` },
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
    },
    (error, result) => (error ? failed(error) : finished(result)),
  );
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) failures += 1;
  });
  const result = await done;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    failures: failures + result.errors,
    timeouts: result.timeouts,
  };
}

/** The median run of several (by throughput), with the median p95 of them. */
export function medianOf(runs: LoadResult[]): LoadResult {
  const middle = <T>(values: T[], key: (v: T) => number) => [...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)];
  const byRps = middle(runs, (r) => r.rps);
  return {
    ...byRps,
    p95: middle(runs, (r) => r.p95).p95,
    p50: middle(runs, (r) => r.p50).p50,
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
    timeouts: runs.reduce((sum, r) => sum + r.timeouts, 0),
  };
}
