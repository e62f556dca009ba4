/**
 * Malformed requests to every operation of the OpenAPI document, as an administrator and without a token
 * (generator: support/fuzz.ts; a longer run: bench/fuzz-api.ts). No answer may be a 500, each must be the
 * refusal it should be (a 400 naming the field, a 401 without a token), no write may succeed, and the
 * database must be exactly as it was.
 */
import { generate, send, tally, type FuzzResult, type OpenApiDocument } from './support/fuzz';
import { snapshotDatabase, snapshotDifferences } from './support/snapshot';
import { createTestContext, login, DEMO_ACCOUNTS, type TestContext } from './helpers';

const SEED = 20260105;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

it('every operation refuses malformed input with a 4xx and changes no row', async () => {
  const admin = await login(t.app, DEMO_ACCOUNTS.admin);
  const doc = (t.app as unknown as { swagger(): OpenApiDocument }).swagger();
  const requests = generate(doc, { seed: SEED, mode: 'each', perOperation: 24, combined: 2 });
  const operations = new Set(requests.map((r) => r.operation));
  expect(operations.size).toBeGreaterThan(25);
  expect(requests.length).toBeGreaterThan(500);

  const before = await snapshotDatabase(t.database);
  const started = Date.now();
  const results: FuzzResult[] = [];
  for (const request of requests) results.push(await send(t.app, request, admin));
  const seconds = (Date.now() - started) / 1000;
  const after = await snapshotDatabase(t.database);

  const writes = results.filter((r) => r.request.method !== 'GET' && r.status >= 200 && r.status < 300);
  const problems = results
    .filter((r) => r.problems.length)
    .map((r) => `${r.request.caller} ${r.request.method} ${r.request.url.slice(0, 160)} [${r.request.label.slice(0, 120)}]: ${r.problems.join('; ')}`);
  // One line for the log: how many, how fast, what came back.
  console.log(`fuzz: ${results.length} requests over ${operations.size} operations in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(tally(results).byStatus)}`);

  expect(problems).toEqual([]);
  expect(writes.map((r) => `${r.request.operation} [${r.request.label}]`)).toEqual([]);
  expect(snapshotDifferences(before, after)).toEqual([]);
}, 240_000); // five thousand requests: about twenty seconds on an idle machine, minutes on a busy one
