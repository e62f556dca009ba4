/**
 * The lesson ledger: every enrolment's counts are the sums of its lines (the seed's, and after a long
 * random history of rolls, corrections, adjustments and bonus changes); a roll writes what each mark costs
 * under the centre's rule, a correction adds a line and saving again adds none; the ledger reads back
 * with the balance after each line, to staff in reach and to the student it belongs to only; a staff
 * adjustment needs its reason and its own permission, and bad amounts change nothing.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { LEDGER_CONSUMPTION_KINDS, LEDGER_TEXT } from '@trungtam/shared/contracts/learning';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { attendances, auditLogs, centers, classes, classSchedules, enrollments, lessonLedger, users } from '../src/db/schema';
import { call, DEMO_ACCOUNTS, setUpTestApp, userIdByEmail } from './helpers';

const ctx = setUpTestApp();
const db = () => ctx.t.database.db;
const consumption = new Set<string>(LEDGER_CONSUMPTION_KINDS);

/** The enrolments whose cached counts differ from the sums of their lines (with both, for the failure message). */
async function recountMismatches() {
  const rows = await db().select().from(enrollments);
  const lines = await db().select().from(lessonLedger);
  const sums = new Map<number, { total: number; learned: number; bonus: number }>();
  for (const line of lines) {
    const sum = sums.get(line.enrollmentId) ?? { total: 0, learned: 0, bonus: 0 };
    if (consumption.has(line.kind)) sum.learned -= line.lessons;
    else sum.total += line.lessons;
    if (line.kind === 'bonus') sum.bonus += line.lessons;
    sums.set(line.enrollmentId, sum);
  }
  const mismatches = rows
    .map((row) => ({ id: row.enrollmentId, cached: { total: row.totalLesson, learned: row.totalLessonLearned, bonus: row.totalLessonPromote }, lines: sums.get(row.enrollmentId) }))
    .filter(({ cached, lines: sum }) => !sum || sum.total !== cached.total || sum.learned !== cached.learned || sum.bonus !== cached.bonus);
  return { checked: rows.length, mismatches };
}

const ledgerOf = async (enrollmentId: number, token = ctx.tok.admin) => call(ctx.t.app, 'GET', `/learning/class-enrollment/ledger/${enrollmentId}`, token);
const linesOf = (enrollmentId: number) => db().select().from(lessonLedger).where(eq(lessonLedger.enrollmentId, enrollmentId)).orderBy(asc(lessonLedger.lineId));
const adjust = (body: Record<string, unknown>, token = ctx.tok.admin) => call(ctx.t.app, 'POST', '/learning/class-enrollment/adjust-lessons', token, body);
const takeRoll = (scheduleId: number, attendance: Array<{ user_id: number; status: string }>) =>
  call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.admin, { schedule_id: scheduleId, attendance });

/** A regular session of centre 1 held before today, its roll taken, with its enrolments (students on the roll). */
async function heldSession(skip = 0) {
  const rows = await db()
    .select({ session: classSchedules })
    .from(classSchedules)
    .innerJoin(classes, eq(classes.classId, classSchedules.classId))
    .where(and(eq(classes.centerId, 1), eq(classSchedules.isAttendance, 1), ne(classes.classType, 'solo')))
    .orderBy(asc(classSchedules.scheduleId));
  const { session } = rows.filter((row) => row.session.scheduleDate < operatorToday() && row.session.makeupOf === null)[skip];
  const roll = await db().select().from(attendances).where(eq(attendances.scheduleId, session.scheduleId));
  const enrolled = await db()
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.classId, session.classId), inArray(enrollments.userId, roll.map((mark) => mark.userId)), ne(enrollments.status, 3)));
  return { session, roll, enrolled };
}

describe('the lesson ledger', () => {
  it('holds every balance of the demo data as the sum of its lines', async () => {
    const { checked, mismatches } = await recountMismatches();
    expect(checked).toBeGreaterThan(20);
    expect(mismatches).toEqual([]);
    // the lines are the purchases, the bonuses, one line per session attended, and the lessons some learned on paper
    const kinds = new Set((await db().select({ kind: lessonLedger.kind }).from(lessonLedger)).map((row) => row.kind));
    expect([...kinds].sort()).toEqual(['attended', 'bonus', 'opening', 'purchased']);
  });

  it('reads back with the balance after each line: staff in reach, and the student it belongs to only', async () => {
    const studentId = await userIdByEmail(ctx.t.app, ctx.tok.admin, DEMO_ACCOUNTS.student);
    const own = await db().select().from(enrollments).where(eq(enrollments.userId, studentId));
    expect(own.length).toBeGreaterThan(0);
    const res = await ledgerOf(own[0].enrollmentId, ctx.tok.student);
    expect(res.statusCode).toBe(200);
    const ledger = res.json().data;
    expect(ledger).toMatchObject({ enrollment_id: own[0].enrollmentId, user: { id: studentId }, total_lesson: own[0].totalLesson, total_lesson_learned: own[0].totalLessonLearned });
    expect(ledger.remaining).toBe(own[0].totalLesson - own[0].totalLessonLearned);
    expect(ledger.lines[0]).toMatchObject({ kind: 'purchased', balance_after: ledger.lines[0].lessons });
    let balance = 0;
    for (const line of ledger.lines) {
      balance += line.lessons;
      expect(line.balance_after).toBe(balance);
    }
    expect(balance).toBe(ledger.remaining);

    // someone else's enrolment: refused to the student, answered to the giáo vụ of its centre
    const [other] = await db()
      .select({ id: enrollments.enrollmentId })
      .from(enrollments)
      .innerJoin(classes, eq(classes.classId, enrollments.classId))
      .where(and(ne(enrollments.userId, studentId), eq(classes.centerId, 1)))
      .limit(1);
    expect((await ledgerOf(other.id, ctx.tok.student)).statusCode).toBe(403);
    expect((await ledgerOf(other.id, ctx.tok.academicAffair)).statusCode).toBe(200);
    expect((await ledgerOf(2_000_000)).statusCode).toBe(404);
  });

  it('writes what each mark costs: a correction adds a line, the same roll again adds none, an absence follows the centre rule', async () => {
    const { session, roll, enrolled } = await heldSession();
    const present = roll.find((mark) => mark.status === 'present')!;
    const enrolment = enrolled.find((e) => e.userId === present.userId)!;
    const before = await linesOf(enrolment.enrollmentId);
    expect(before.filter((line) => line.scheduleId === session.scheduleId)).toMatchObject([{ kind: 'attended', lessons: -1 }]);

    const marks = (status: string) => roll.map((mark) => ({ user_id: mark.userId, status: mark.userId === present.userId ? status : mark.status }));
    expect((await takeRoll(session.scheduleId, marks('excused'))).statusCode).toBe(200);
    let lines = await linesOf(enrolment.enrollmentId);
    expect(lines.slice(before.length)).toMatchObject([{ kind: 'roll_corrected', lessons: 1, scheduleId: session.scheduleId, occurredOn: session.scheduleDate }]);
    // the same roll again, and an absence where the centre does not count one: nothing more
    await takeRoll(session.scheduleId, marks('excused'));
    await takeRoll(session.scheduleId, marks('absent'));
    expect(await linesOf(enrolment.enrollmentId)).toHaveLength(before.length + 1);

    // the centre now counts an absence without notice as a lesson
    await db().update(centers).set({ absenceCostsLesson: true }).where(eq(centers.centerId, 1));
    try {
      await takeRoll(session.scheduleId, marks('absent'));
      lines = await linesOf(enrolment.enrollmentId);
      expect(lines.slice(before.length + 1)).toMatchObject([{ kind: 'roll_corrected', lessons: -1 }]);
      // an absence on a session without a line yet is written as what it is
      const next = await heldSession(1);
      const absentOne = next.roll.find((mark) => mark.status === 'absent') ?? next.roll[0];
      const absentEnrolment = next.enrolled.find((e) => e.userId === absentOne.userId)!;
      const nextMarks = next.roll.map((mark) => ({ user_id: mark.userId, status: mark.userId === absentOne.userId ? 'absent' : mark.status }));
      const hadLine = (await linesOf(absentEnrolment.enrollmentId)).some((line) => line.scheduleId === next.session.scheduleId);
      await takeRoll(next.session.scheduleId, nextMarks);
      const written = (await linesOf(absentEnrolment.enrollmentId)).filter((line) => line.scheduleId === next.session.scheduleId);
      expect(written.reduce((sum, line) => sum + line.lessons, 0)).toBe(-1);
      if (!hadLine) expect(written).toMatchObject([{ kind: 'absence_charged', lessons: -1 }]);
    } finally {
      await db().update(centers).set({ absenceCostsLesson: false }).where(eq(centers.centerId, 1));
    }
    expect((await recountMismatches()).mismatches).toEqual([]);
  });

  it('takes an adjustment with its reason, within reach; refuses bad amounts and changes nothing', async () => {
    const { enrolled } = await heldSession(2);
    const enrolment = enrolled[0];
    const count = async () => (await linesOf(enrolment.enrollmentId)).length;
    const lines = await count();
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ enrollment_id: enrolment.enrollmentId, lessons: 2, reason: '' }, 'reason', LEDGER_TEXT.adjustmentReason],
      [{ enrollment_id: enrolment.enrollmentId, lessons: 2, reason: '   ' }, 'reason', LEDGER_TEXT.adjustmentReason],
      [{ enrollment_id: enrolment.enrollmentId, lessons: 2 }, 'reason', LEDGER_TEXT.adjustmentReason],
      [{ enrollment_id: enrolment.enrollmentId, lessons: 1.5, reason: 'Tặng' }, 'lessons', LEDGER_TEXT.adjustmentLessons],
      [{ enrollment_id: enrolment.enrollmentId, lessons: '2', reason: 'Tặng' }, 'lessons', LEDGER_TEXT.adjustmentLessons],
      [{ enrollment_id: enrolment.enrollmentId, lessons: -5000, reason: 'Tặng' }, 'lessons', LEDGER_TEXT.adjustmentLessons],
      [{ enrollment_id: enrolment.enrollmentId, lessons: 0, reason: 'Tặng' }, 'lessons', LEDGER_TEXT.adjustmentLessons],
      [{ enrollment_id: enrolment.enrollmentId, lessons: -(enrolment.totalLesson - enrolment.totalLessonLearned) - 1, reason: 'Bớt' }, 'lessons', LEDGER_TEXT.adjustmentBelowLearned],
    ];
    for (const [body, field, message] of refusals) {
      const res = await adjust(body);
      expect([res.statusCode, res.json().error.fields?.[field]]).toEqual([400, message]);
    }
    expect(await count()).toBe(lines);

    const res = await adjust({ enrollment_id: enrolment.enrollmentId, lessons: 3, reason: '  Tặng 3 buổi học bù  ' }, ctx.tok.academicAffair);
    expect(res.statusCode).toBe(200);
    const ledger = res.json().data;
    expect(ledger.lines.at(-1)).toMatchObject({ kind: 'adjustment', lessons: 3, reason: 'Tặng 3 buổi học bù', actor: { name: 'Trần Thu Hà' } });
    expect(ledger.total_lesson).toBe(enrolment.totalLesson + 3);
    const [after] = await db().select().from(enrollments).where(eq(enrollments.enrollmentId, enrolment.enrollmentId));
    expect(after.totalLesson).toBe(enrolment.totalLesson + 3);
    const [audit] = await db().select().from(auditLogs).where(and(eq(auditLogs.resource, 'LessonAdjustment'), eq(auditLogs.resourceId, String(enrolment.enrollmentId))));
    expect(audit.after).toEqual({ lessons: 3, reason: 'Tặng 3 buổi học bù' });
    // not the teacher's to do, and not a giáo vụ's of another centre
    expect((await adjust({ enrollment_id: enrolment.enrollmentId, lessons: 1, reason: 'Tặng' }, ctx.tok.teacher)).statusCode).toBe(403);
    const [elsewhere] = await db()
      .select({ id: enrollments.enrollmentId })
      .from(enrollments)
      .innerJoin(classes, eq(classes.classId, enrollments.classId))
      .where(ne(classes.centerId, 1))
      .limit(1);
    expect((await adjust({ enrollment_id: elsewhere.id, lessons: 1, reason: 'Tặng' }, ctx.tok.academicAffair)).statusCode).toBe(403);
  });

  it('still adds up after a long random history of rolls, corrections, adjustments and bonus changes', async () => {
    // a fixed sequence, so that a failure can be replayed
    let state = 20261128;
    const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
    const statuses = ['present', 'absent', 'excused'];
    const touched = new Set<number>();
    for (let step = 0; step < 60; step += 1) {
      const { session, roll, enrolled } = await heldSession(Math.floor(random() * 12));
      const kind = random();
      if (kind < 0.6) {
        const res = await takeRoll(session.scheduleId, roll.map((mark) => ({ user_id: mark.userId, status: random() < 0.4 ? pick(statuses) : mark.status })));
        expect(res.statusCode).toBe(200);
        enrolled.forEach((e) => touched.add(e.enrollmentId));
      } else if (kind < 0.8) {
        const enrolment = pick(enrolled);
        const res = await adjust({ enrollment_id: enrolment.enrollmentId, lessons: pick([-1, 1, 2, 5]), reason: `Điều chỉnh ${step}` });
        expect([200, 400]).toContain(res.statusCode);
        touched.add(enrolment.enrollmentId);
      } else {
        const [enrolment] = await db().select().from(enrollments).where(eq(enrollments.enrollmentId, pick(enrolled).enrollmentId));
        const res = await call(ctx.t.app, 'PUT', '/learning/class-enrollment/update', ctx.tok.admin, {
          enrollment_id: enrolment.enrollmentId,
          discount_id: enrolment.discountId,
          total_lesson_promote: pick([0, 1, 2, 3]),
        });
        expect([200, 400]).toContain(res.statusCode);
        touched.add(enrolment.enrollmentId);
      }
    }
    expect((await recountMismatches()).mismatches).toEqual([]);
    for (const id of touched) {
      const ledger = (await ledgerOf(id)).json().data;
      const [row] = await db().select().from(enrollments).where(eq(enrollments.enrollmentId, id));
      expect([ledger.remaining, ledger.total_lesson, ledger.total_lesson_learned]).toEqual([row.totalLesson - row.totalLessonLearned, row.totalLesson, row.totalLessonLearned]);
    }
    // who wrote the lines: every roll and adjustment line names its author
    const written = await db()
      .select({ actor: users.name })
      .from(lessonLedger)
      .leftJoin(users, eq(users.id, lessonLedger.actorId))
      .where(inArray(lessonLedger.kind, ['roll_corrected', 'adjustment']));
    expect(written.length).toBeGreaterThan(0);
    expect(written.every((line) => line.actor)).toBe(true);
  });
});

describe('"Sắp hết buổi": enrolments at or below their centre\'s threshold', () => {
  const lowBalance = (query: string, token = ctx.tok.admin) => call(ctx.t.app, 'GET', `/learning/class-enrollment/low-balance?${query}`, token);
  type Row = { enrollment_id: number; remaining: number; threshold: number; center: { center_id: number } | null; class: { class_id: number } };

  it('lists the active enrolments whose lessons left are at most the threshold, fewest first, by centre and class, within reach', async () => {
    const res = await lowBalance('limit=100');
    expect(res.statusCode).toBe(200);
    const rows: Row[] = res.json().data.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.remaining <= row.threshold)).toBe(true);
    expect(rows.map((row) => row.remaining)).toEqual([...rows.map((row) => row.remaining)].sort((a, b) => a - b));
    // the same count as counted from the enrolments and their centres
    const counted = (await db()
      .select({ id: enrollments.enrollmentId, total: enrollments.totalLesson, learned: enrollments.totalLessonLearned, threshold: centers.lowBalanceThreshold })
      .from(enrollments)
      .innerJoin(classes, eq(classes.classId, enrollments.classId))
      .leftJoin(centers, eq(centers.centerId, classes.centerId))
      .where(eq(enrollments.status, 1))).filter((row) => row.total - row.learned <= (row.threshold ?? 2));
    expect(res.json().data.total_rows).toBe(counted.length);

    const byCentre: Row[] = (await lowBalance('limit=100&center_id=1')).json().data.rows;
    expect(byCentre.length).toBeGreaterThan(0);
    expect(byCentre.every((row) => row.center?.center_id === 1)).toBe(true);
    const classId = byCentre[0].class.class_id;
    expect(((await lowBalance(`limit=100&class_id=${classId}`)).json().data.rows as Row[]).every((row) => row.class.class_id === classId)).toBe(true);
    // a giáo vụ sees their centre's only
    const affair: Row[] = (await lowBalance('limit=100', ctx.tok.academicAffair)).json().data.rows;
    expect(affair.map((row) => row.enrollment_id).sort()).toEqual(byCentre.map((row) => row.enrollment_id).sort());

    // a centre that raises its threshold lists more
    await db().update(centers).set({ lowBalanceThreshold: 100 }).where(eq(centers.centerId, 1));
    try {
      expect((await lowBalance('limit=100&center_id=1')).json().data.total_rows).toBeGreaterThan(byCentre.length);
    } finally {
      await db().update(centers).set({ lowBalanceThreshold: 2 }).where(eq(centers.centerId, 1));
    }
    for (const bad of ['center_id=abc', 'class_id=-1', 'limit=0', 'page=0']) expect((await lowBalance(bad)).statusCode).toBe(400);
  });
});
