/**
 * Benchmark: messages to families. On a fresh embedded database with the demo data (or the PostgreSQL of
 * DATABASE_URL, which must be empty), in process:
 * 1. What a roll save pays for its absence notices: 10,000 absence events (a roll with one student absent, on
 *    sessions of the demo classes, each student with a guardian) written the way a save writes them, in
 *    their own transaction, timed around the enqueue alone (what the save adds), p50 / p95 / max. Target: p95 ≤ 5 ms.
 *    For context, the whole save through the API (PUT /learning/class-schedule/is-attendance) on 200 rolls.
 * 2. The worker's throughput to a local SMTP server that counts what it receives: 5,000 queued e-mails
 *    drained by one worker. Target: ≥ 200 e-mails/s.
 * 3. 100,000 queued messages drained (by default; a smaller count as the third argument), the heap and the
 *    process's resident memory sampled every 10 % of the way: they must not grow with the count.
 *
 *   node --import tsx bench/family-messages.ts [events=10000] [throughput=5000] [drain=100000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openDatabase, sql } from '../api/src/db/client';
import { guardiansFromRepresentatives } from '../api/src/db/guardians';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../api/src/db/seed';
import { enqueueAbsenceNotices } from '../api/src/services/family-events';
import { operatorToday } from '@trungtam/shared/operatorDate';

const EVENTS = Number(process.argv[2] ?? 10_000);
const THROUGHPUT = Number(process.argv[3] ?? 5_000);
const DRAIN = Number(process.argv[4] ?? 100_000);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value: number) => `${value.toFixed(2)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// ---- a local SMTP server that only counts
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received += 1;
      done();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as { port: number }).port;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const { db } = database;
await seedIfEmpty(db);
await guardiansFromRepresentatives(db);
// every student reachable by e-mail: a guardian address of their own where the seed gave none
await db.execute(sql`update guardian set email = 'ph' || id || '@example.com', preferred_channel = 'email' where email is null`);
const config = { ...loadConfig({}), dataDir, smtpUrl: `smtp://127.0.0.1:${smtpPort}`, logMailText: false, jwtSecret: 'bench' };
const app = await buildApp({ db: database, config, logger: false });
const channels = app.ctx.outbox.channelNames;

// ---- 1. the enqueue a save pays for, on real sessions and students (synthetic session ids keep each event new)
const sessions = (
  await db.execute<{ scheduleId: number; classId: number; scheduleDate: string; scheduleHour: number; scheduleMinute: number }>(sql`
    select s.schedule_id as "scheduleId", s.class_id as "classId", s.schedule_date as "scheduleDate", s.schedule_hour as "scheduleHour", s.schedule_minute as "scheduleMinute"
    from class_schedule s join class c on c.class_id = s.class_id
    where s.is_attendance = 1 and c.class_type <> 'solo' order by s.schedule_id`)
).rows;
const rolls = new Map<number, number[]>();
for (const row of (await db.execute<{ scheduleId: number; userId: number }>(sql`select schedule_id as "scheduleId", user_id as "userId" from attendance order by user_id`)).rows) {
  rolls.set(row.scheduleId, [...(rolls.get(row.scheduleId) ?? []), row.userId]);
}
const usable = sessions.filter((session) => (rolls.get(session.scheduleId)?.length ?? 0) > 0);
const enqueueTimes: number[] = [];
for (let i = 0; i < EVENTS; i += 1) {
  const session = usable[i % usable.length];
  const roll = rolls.get(session.scheduleId)!;
  const absent = roll[Math.floor(i / usable.length) % roll.length];
  const marks = roll.map((id) => ({ user_id: id, status: id === absent ? ('absent' as const) : ('present' as const) }));
  await db.transaction(async (tx) => {
    const start = process.hrtime.bigint();
    await enqueueAbsenceNotices(tx, channels, { ...session, scheduleId: 10_000_000 + i }, marks);
    enqueueTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
  });
}
enqueueTimes.sort((a, b) => a - b);
const [{ queued }] = (await db.execute<{ queued: number }>(sql`select count(*)::int as queued from message_outbox`)).rows;
console.log(`1. ${EVENTS.toLocaleString('en')} absence events: the enqueue in the save's transaction p50 ${ms(percentile(enqueueTimes, 50))}, p95 ${ms(percentile(enqueueTimes, 95))}, max ${ms(enqueueTimes[enqueueTimes.length - 1])} (target p95 ≤ 5 ms); ${Number(queued).toLocaleString('en')} messages queued`);

// the whole save through the API, for context
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } });
const token = login.json().data.auth.accessToken as string;
const past = usable.filter((session) => session.scheduleDate < operatorToday()).slice(0, 200);
const saveTimes: number[] = [];
for (const [n, session] of past.entries()) {
  const roll = rolls.get(session.scheduleId)!;
  const attendance = roll.map((id, k) => ({ user_id: id, status: k === n % roll.length ? 'absent' : 'present' }));
  const start = process.hrtime.bigint();
  const res = await app.inject({ method: 'PUT', url: '/api/v1/learning/class-schedule/is-attendance', headers: { authorization: `Bearer ${token}` }, payload: { schedule_id: session.scheduleId, attendance } });
  saveTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
  if (res.statusCode !== 200) throw new Error(`save: ${res.statusCode} ${res.body}`);
}
saveTimes.sort((a, b) => a - b);
console.log(`   the whole roll save through the API (${past.length} rolls, one absent each): p50 ${ms(percentile(saveTimes, 50))}, p95 ${ms(percentile(saveTimes, 95))}`);

// ---- 2 and 3: workers draining the outbox
/** `count` e-mails queued at once, as many events would have queued them. */
async function queueMails(count: number, tag: string) {
  await db.execute(sql`delete from message_outbox`);
  await db.execute(sql`
    insert into message_outbox (idempotency_key, kind, channel, recipient, route, student_ids, urgent, payload, subject, text)
    select ${tag} || ':' || n, 'absence', 'email', 'ph' || n || '@example.com',
      jsonb_build_array(jsonb_build_object('channel', 'email', 'recipient', 'ph' || n || '@example.com')), '{}', true, '{}'::jsonb,
      'Thông báo vắng học', 'Kính gửi anh/chị, học viên vắng mặt buổi học.'
    from generate_series(1, ${count}) n`);
}
const remaining = async () => Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from message_outbox where status <> 'sent'`)).rows[0].n);

async function drain(count: number, sample?: (done: number) => void): Promise<number> {
  received = 0;
  const worker = app.ctx.outbox.copy({ pollMs: 20, batchSize: 50, scan: undefined, log: { info: () => {}, warn: (m) => console.warn(m) } });
  const start = process.hrtime.bigint();
  worker.start();
  let nextSample = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const done = count - (await remaining());
    if (sample && done >= nextSample) {
      sample(done);
      nextSample += count / 10;
    }
    if (done >= count) break;
  }
  await worker.stop();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

await queueMails(THROUGHPUT, 'throughput');
const seconds = await drain(THROUGHPUT);
console.log(`2. ${THROUGHPUT.toLocaleString('en')} e-mails to a local SMTP server by one worker: ${seconds.toFixed(1)} s, ${(THROUGHPUT / seconds).toFixed(0)} e-mails/s (target ≥ 200); the server counted ${received.toLocaleString('en')}`);

await queueMails(DRAIN, 'drain');
const samples: string[] = [];
const drainSeconds = await drain(DRAIN, (done) => {
  global.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  samples.push(`${Math.round((done / DRAIN) * 100)} %: heap ${mb(heapUsed)}, rss ${mb(rss)}`);
});
console.log(`3. ${DRAIN.toLocaleString('en')} queued messages drained in ${drainSeconds.toFixed(0)} s (${(DRAIN / drainSeconds).toFixed(0)}/s); memory along the way:`);
for (const line of samples) console.log(`   ${line}`);

await app.close();
await database.close();
await new Promise<void>((resolve) => smtp.close(() => resolve()));
fs.rmSync(dataDir, { recursive: true, force: true });

