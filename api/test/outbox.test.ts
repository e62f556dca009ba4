/**
 * Messages to families: a roll saved with a student absent sends one e-mail to the student's
 * representative, received by a local SMTP server, naming the class, the date and time and the centre's
 * phone; the same roll again sends nothing; a correction sends one; a provider that is down neither slows
 * nor fails the save, and the message goes out when it is back (a failed one is sent again on request);
 * a crashed worker's message is sent once its lease ends; two workers (two instances on PostgreSQL) send
 * each message once. The staff's delivery log lists them in reach.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { attendances, centers, classes, classSchedules, messageOutbox, users } from '../src/db/schema';
import { openPostgres, type Database } from '../src/db/client';
import { createMailer } from '../src/lib/mailer';
import { claimDue, enqueueMessage } from '../src/db/outbox';
import { OutboxWorker, type OutboxWorkerOptions } from '../src/services/outbox-worker';
import { representativeWritten } from '../src/services/guardians';
import { call, setUpTestApp } from './helpers';
import { SmtpRecorder } from './support/smtp-recorder';
import { waitFor } from './support/wait-for';

// a port of 3600–3699 of its own per run (the PGlite and PostgreSQL runs may overlap)
const smtp = new SmtpRecorder(3600 + (process.pid % 100));
const ctx = setUpTestApp({ smtpUrl: smtp.url });
const db = () => ctx.t.database.db;
const CENTRE_PHONE = '02435550101';
const quietLog = { info: () => {}, warn: () => {} };

const workers: OutboxWorker[] = [];
/** A worker of the test's own (fast polling and retries), stopped after each test. */
function worker(options: Partial<OutboxWorkerOptions> = {}): OutboxWorker {
  const w = new OutboxWorker({ db: db(), channels: ctx.t.app.ctx.outbox.senders, log: quietLog, pollMs: 50, backoffMs: [200], ...options });
  workers.push(w);
  return w;
}

beforeAll(async () => {
  await smtp.start();
  await db().update(centers).set({ phoneNumber: CENTRE_PHONE }).where(eq(centers.centerId, 1));
});
afterEach(async () => {
  await ctx.t.app.ctx.outbox.stop();
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  await smtp.stop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let sessionSeq = 0;
/**
 * A session of centre 1 held before today with its roll taken, not used by another test, and one student
 * on it (the first) given a representative's e-mail of their own.
 */
async function heldSession() {
  const rows = await db()
    .select({ session: classSchedules, className: classes.className })
    .from(classSchedules)
    .innerJoin(classes, eq(classes.classId, classSchedules.classId))
    .where(and(eq(classes.centerId, 1), eq(classSchedules.isAttendance, 1), ne(classes.classType, 'solo')))
    .orderBy(asc(classSchedules.scheduleId));
  const held = rows.filter((row) => row.session.scheduleDate < operatorToday() && row.session.makeupOf === null);
  for (;;) {
    const { session, className } = held[sessionSeq];
    sessionSeq += 1;
    const roll = await db().select().from(attendances).where(eq(attendances.scheduleId, session.scheduleId)).orderBy(asc(attendances.userId));
    if (roll.length < 2) continue;
    const student = roll[0].userId;
    const guardian = `phu.huynh.${session.scheduleId}.${student}@example.com`;
    // the student's first guardian (the representative) gets an address of its own
    await db().transaction((tx) => representativeWritten(tx, { id: student, type: 'student', centerId: 1 }, { referenceEmail: guardian, referenceName: 'Nguyễn Văn Bố' }));
    const others = roll.slice(1).map((mark) => mark.userId);
    /** The roll with the student marked `status`, everyone else present. */
    const marks = (status: string) => roll.map((mark) => ({ user_id: mark.userId, status: mark.userId === student ? status : 'present' }));
    return { session, className, student, guardian, others, marks };
  }
}
type Held = Awaited<ReturnType<typeof heldSession>>;

const takeRoll = (held: Held, status: string) =>
  call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.academicAffair, { schedule_id: held.session.scheduleId, attendance: held.marks(status) });
/** The messages about the held session's student on that session. */
const messagesOf = (held: Held) =>
  db()
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.studentId, held.student), sql`${messageOutbox.payload}->>'schedule_id' = ${String(held.session.scheduleId)}`))
    .orderBy(asc(messageOutbox.id));
const dmy = (date: string) => date.split('-').reverse().join('/');
const hhmm = (s: { scheduleHour: number; scheduleMinute: number }) => `${String(s.scheduleHour).padStart(2, '0')}:${String(s.scheduleMinute).padStart(2, '0')}`;

describe('absence notices', () => {
  it('sends one e-mail to the representative, in Vietnamese with the class, date, time and phone; the same roll again sends nothing; a correction sends one', async () => {
    ctx.t.app.ctx.outbox.start();
    const held = await heldSession();
    const saved = await takeRoll(held, 'absent');
    expect(saved.statusCode).toBe(200);

    const [mail] = await waitFor('the absence notice', () => smtp.to(held.guardian).length > 0 && smtp.to(held.guardian));
    expect(mail.subject).toContain('Thông báo vắng học');
    expect(mail.text).toContain('Kính gửi anh/chị Nguyễn Văn Bố');
    expect(mail.text).toContain(`vắng mặt buổi học lớp ${held.className}`);
    expect(mail.text).toContain(`lúc ${hhmm(held.session)} ngày ${dmy(held.session.scheduleDate)}`);
    expect(mail.text).toContain(CENTRE_PHONE);
    // the others were present: nothing for them
    expect(await db().select().from(messageOutbox).where(inArray(messageOutbox.studentId, held.others))).toEqual([]);

    // the same roll again: nothing more
    expect((await takeRoll(held, 'absent')).statusCode).toBe(200);
    await pause(1500);
    expect(smtp.to(held.guardian)).toHaveLength(1);
    await waitFor('the notice marked sent', async () => (await messagesOf(held))[0]?.status === 'sent');
    expect(await messagesOf(held)).toMatchObject([{ kind: 'absence', status: 'sent', attempts: 1 }]);

    // corrected to excused: one correction, then saving that again sends nothing
    expect((await takeRoll(held, 'excused')).statusCode).toBe(200);
    await waitFor('the correction', () => smtp.to(held.guardian).length === 2);
    const correction = smtp.to(held.guardian)[1];
    expect(correction.subject).toContain('Điều chỉnh thông báo vắng học');
    expect(correction.text).toContain('vắng có phép');
    expect(correction.text).toContain(held.className);
    expect((await takeRoll(held, 'excused')).statusCode).toBe(200);
    expect((await takeRoll(held, 'present')).statusCode).toBe(200);
    await pause(1500);
    expect(smtp.to(held.guardian)).toHaveLength(2);

    // absent again after the correction: the family is told again, once
    expect((await takeRoll(held, 'absent')).statusCode).toBe(200);
    await waitFor('the second notice', () => smtp.to(held.guardian).length === 3);
    // (the server has the mail a moment before the worker marks it sent)
    await waitFor('the second notice marked sent', async () => (await messagesOf(held)).every((m) => m.status === 'sent'));
    expect((await messagesOf(held)).map((m) => [m.kind, m.status])).toEqual([
      ['absence', 'sent'],
      ['absence_correction', 'sent'],
      ['absence', 'sent'],
    ]);
  });

  it("goes to the student's own address when the student has no representative's e-mail", async () => {
    const held = await heldSession();
    await db().transaction((tx) => representativeWritten(tx, { id: held.student, type: 'student', centerId: 1 }, { referenceEmail: null }));
    const [student] = await db().select({ email: users.email }).from(users).where(eq(users.id, held.student));
    expect((await takeRoll(held, 'absent')).statusCode).toBe(200);
    expect(await messagesOf(held)).toMatchObject([{ kind: 'absence', recipient: student.email, status: 'queued' }]);
    // no worker runs in a test app that did not start one
    await pause(1200);
    expect(smtp.to(student.email)).toEqual([]);
  });

  it('saves the roll at once while the provider is down; the message is retried and delivered once it is back', async () => {
    await smtp.stop();
    try {
      worker({ backoffMs: [500], maxAttempts: 50 }).start();
      const held = await heldSession();
      const started = Date.now();
      const saved = await takeRoll(held, 'absent');
      expect(saved.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(3000);
      // tried and refused: queued again for later, with the reason
      const [retrying] = await waitFor('a failed attempt', async () => {
        const rows = await messagesOf(held);
        return rows[0]?.attempts >= 1 && rows[0].status === 'queued' && rows;
      });
      expect(retrying.lastError).toMatch(/ECONNREFUSED|connect/i);

      await smtp.start();
      await waitFor('the delivery after the provider came back', () => smtp.to(held.guardian).length === 1);
      await waitFor('the message marked sent', async () => (await messagesOf(held))[0]?.status === 'sent');
      await pause(500);
      expect(smtp.to(held.guardian)).toHaveLength(1);
      expect(await messagesOf(held)).toMatchObject([{ status: 'sent', lastError: null }]);
    } finally {
      await smtp.start().catch(() => {});
    }
  });

  it('fails a message after its attempts; staff see it with the reason and send it again', async () => {
    const held = await heldSession();
    await smtp.stop();
    let restarted = false;
    try {
      const first = worker({ maxAttempts: 2, backoffMs: [50] });
      first.start();
      expect((await takeRoll(held, 'absent')).statusCode).toBe(200);
      const [failed] = await waitFor('the message failed', async () => {
        const rows = await messagesOf(held);
        return rows[0]?.status === 'failed' && rows;
      });
      expect(failed.attempts).toBe(2);

      // the delivery log: in reach of the centre's giáo vụ, with the status and the reason
      const list = await call(ctx.t.app, 'GET', `/learning/messages?status=failed&student_id=${held.student}`, ctx.tok.academicAffair);
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toMatchObject({ total_rows: 1, rows: [{ id: failed.id, kind: 'absence', channel: 'email', recipient: held.guardian, status: 'failed', attempts: 2, student: { id: held.student } }] });
      expect(list.json().data.rows[0].last_error).toBeTruthy();
      expect((await call(ctx.t.app, 'GET', '/learning/messages?status=lost', ctx.tok.admin)).statusCode).toBe(400);
      expect((await call(ctx.t.app, 'GET', '/learning/messages?student_id=abc', ctx.tok.admin)).statusCode).toBe(400);

      await smtp.start();
      restarted = true;
      const resent = await call(ctx.t.app, 'POST', '/learning/messages/resend', ctx.tok.academicAffair, { message_id: failed.id });
      expect(resent.statusCode).toBe(200);
      expect(resent.json().data).toMatchObject({ id: failed.id, status: 'queued', attempts: 0 });
      await waitFor('the resent message', () => smtp.to(held.guardian).length === 1);
      await waitFor('the message marked sent', async () => (await messagesOf(held))[0].status === 'sent');
      // only a failed one is sent again
      const again = await call(ctx.t.app, 'POST', '/learning/messages/resend', ctx.tok.admin, { message_id: failed.id });
      expect(again.statusCode).toBe(409);
      expect((await call(ctx.t.app, 'POST', '/learning/messages/resend', ctx.tok.admin, { message_id: 2_000_000 })).statusCode).toBe(404);
      expect((await call(ctx.t.app, 'POST', '/learning/messages/resend', ctx.tok.admin, { message_id: '1' })).statusCode).toBe(400);
    } finally {
      if (!restarted) await smtp.start().catch(() => {});
    }
  });
});

describe('the outbox', () => {
  const written = { kind: 'absence' as const, guardianId: null, studentIds: [], urgent: true, heldUntil: null, payload: {} };
  /** `count` messages written straight to the outbox, each to an address of its own. */
  async function enqueueMany(count: number, tag: string): Promise<string[]> {
    const addresses = Array.from({ length: count }, (_, n) => `hop.thu.${tag}.${n}@example.com`);
    await db().transaction(async (tx) => {
      for (const [n, recipient] of addresses.entries()) {
        await enqueueMessage(tx, { ...written, idempotencyKey: `test:${tag}:${n}`, route: [{ channel: 'email', recipient }], subject: 'Thông báo vắng học', text: `Tin ${n}` });
      }
      // the same key again is the same message
      expect(await enqueueMessage(tx, { ...written, idempotencyKey: `test:${tag}:0`, route: [{ channel: 'email', recipient: addresses[0] }], subject: 'x', text: 'x' })).toBe(false);
    });
    return addresses;
  }

  it("sends a crashed worker's message once its lease has ended", async () => {
    const [address] = await enqueueMany(1, `lease${Date.now()}`);
    // a worker claims it and dies before sending
    const claimed = await claimDue(db(), 100, 400);
    expect(claimed.map((m) => m.recipient)).toContain(address);
    worker().start();
    await pause(200);
    expect(smtp.to(address)).toEqual([]);
    await waitFor('the message after the lease', () => smtp.to(address).length === 1);
    const [row] = await waitFor('the message marked sent', async () => {
      const rows = await db().select().from(messageOutbox).where(eq(messageOutbox.recipient, address));
      return rows[0]?.status === 'sent' && rows;
    });
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('two workers (two instances on PostgreSQL) send each message once', async () => {
    const slow = new SmtpRecorder(3600 + ((process.pid + 50) % 100), 20);
    await slow.start();
    let second: Database | undefined;
    try {
      const mailer = createMailer({ smtpUrl: slow.url, outboxDir: ctx.t.config.dataDir, logMailText: false, log: () => {} });
      let otherDb = db();
      if (ctx.t.database.kind === 'postgres') {
        // a second instance: its own pool on the same database
        const { rows } = await db().execute<{ name: string }>(sql`select current_database() as name`);
        const url = new URL(process.env.DATABASE_URL!);
        url.pathname = `/${rows[0].name}`;
        second = await openPostgres(url.toString(), { onIdleError: () => {} });
        otherDb = second.db;
      }
      const addresses = await enqueueMany(40, `pair${Date.now()}`);
      // each worker's sends counted: both take part
      const sent = { a: 0, b: 0 };
      const counting = (name: keyof typeof sent): OutboxWorkerOptions['channels'] =>
        new Map([['email', { channel: 'email', send: async (message) => ((sent[name] += 1), await mailer.send({ to: message.recipient, subject: message.subject, text: message.text }), {}) }]]);
      const a = worker({ db: db(), channels: counting('a'), batchSize: 3 });
      const b = worker({ db: otherDb, channels: counting('b'), batchSize: 3 });
      a.start();
      b.start();
      await waitFor('every message sent', async () => {
        const rows = await db().select().from(messageOutbox).where(inArray(messageOutbox.recipient, addresses));
        return rows.every((row) => row.status === 'sent');
      }, 20_000);
      await pause(300);
      for (const address of addresses) expect(slow.to(address)).toHaveLength(1);
      expect(slow.mails.length).toBe(40);
      expect(sent.a + sent.b).toBe(40);
      expect(sent.a).toBeGreaterThan(0);
      expect(sent.b).toBeGreaterThan(0);
      const rows = await db().select().from(messageOutbox).where(inArray(messageOutbox.recipient, addresses));
      expect(rows.every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await second?.close();
      await slow.stop();
    }
  });

  it('claims each message once when two workers claim at the same moment', async () => {
    const addresses = await enqueueMany(10, `race${Date.now()}`);
    const [a, b] = await Promise.all([claimDue(db(), 10, 60_000), claimDue(db(), 10, 60_000)]);
    const ids = [...a, ...b].filter((m) => addresses.includes(m.recipient)).map((m) => m.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });
});
