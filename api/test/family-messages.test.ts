/**
 * Guardians and what families are told, end to end through the API, the outbox and its worker, with a local
 * SMTP server and a local Zalo ZNS provider:
 * - guardians: validated, the first one kept equal to the account's representative fields both ways, linked
 *   to siblings, unlinked, found by the "no guardian contact" filter;
 * - siblings absent on one roll get one message naming both;
 * - low balance once per crossing; moved and cancelled sessions; a receipt with its PDF;
 * - the quiet window holds non-urgent messages; an opt-out is honoured at send time; a failing channel
 *   falls back to the next; templates (unknown placeholders refused, preview on a real student);
 * - the daily scan: payment due, overdue, the day-before reminder, once each.
 * The quiet window is empty for this file except where a test sets it, so that no test depends on the hour.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { dayjs, operatorNow, operatorToday } from '@trungtam/shared/operatorDate';
import { attendances, centers, classes, classSchedules, enrollments, familyMessageSettings, messageOutbox, orders, users } from '../src/db/schema';
import type { OutboxWorker } from '../src/services/outbox-worker';
import { scanFamilyReminders } from '../src/services/family-scheduler';
import { call, setUpTestApp } from './helpers';
import { ProviderRecorder } from './support/provider-recorder';
import { SmtpRecorder } from './support/smtp-recorder';
import { waitFor } from './support/wait-for';
import { unpaidOrder } from './support/orders';

const smtp = new SmtpRecorder(3800 + (process.pid % 100));
const zalo = new ProviderRecorder(3900 + (process.pid % 100));
const ctx = setUpTestApp({ smtpUrl: smtp.url, zaloAccessToken: 'zalo-token', zaloZnsUrl: `http://127.0.0.1:${3900 + (process.pid % 100)}/zns`, zaloTemplates: { absence: 'zns-absence' } });
const db = () => ctx.t.database.db;
const quietLog = { info: () => {}, warn: () => {} };
const workers: OutboxWorker[] = [];
function worker(): OutboxWorker {
  // the app's worker (its channels, the receipt's attachment) polling fast, without the daily scan
  const w = ctx.t.app.ctx.outbox.copy({ log: quietLog, pollMs: 50, backoffMs: [200], scan: undefined });
  workers.push(w);
  w.start();
  return w;
}
const setQuietWindow = (start: string, end: string) => db().update(familyMessageSettings).set({ quietStart: start, quietEnd: end }).where(eq(familyMessageSettings.id, 1));

beforeAll(async () => {
  await smtp.start();
  await zalo.start();
  await setQuietWindow('00:00', '00:00');
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await setQuietWindow('00:00', '00:00');
});
afterAll(async () => {
  await smtp.stop();
  await zalo.stop();
});

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq += 1)}`;
const guardianBody = (studentId: number, fields: Record<string, unknown> = {}) => ({
  student_id: studentId,
  name: 'Trần Thị Lan',
  phone: null,
  email: `lan.${unique()}@example.com`,
  preferred_channel: 'email',
  address_as: 'chị',
  relationship: 'Mẹ',
  opted_out: [],
  ...fields,
});
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => call(ctx.t.app, method, url, ctx.tok.admin, payload);
async function addGuardian(studentId: number, fields: Record<string, unknown> = {}) {
  const res = await admin('POST', '/learning/guardian/create', guardianBody(studentId, fields));
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<{ id: number; email: string | null; position: number; students: Array<{ id: number }> }>;
}
/** Every guardian of `studentId` unlinked (the seed gave most students one). */
async function withoutGuardians(studentId: number) {
  const list = (await admin('GET', `/learning/guardian/list?student_id=${studentId}`)).json().data as Array<{ id: number }>;
  for (const guardian of list) expect((await admin('POST', '/learning/guardian/unlink', { student_id: studentId, guardian_id: guardian.id })).statusCode).toBe(200);
}
/** The absence messages about `studentId` on `scheduleId`. */
const absencesOn = async (scheduleId: number, studentId: number) =>
  (await messagesAbout(studentId)).filter((m) => m.kind === 'absence' && (m.payload as { schedule_id?: number }).schedule_id === scheduleId);
const messagesAbout = (studentId: number) =>
  db()
    .select()
    .from(messageOutbox)
    .where(sql`${messageOutbox.studentIds} @> array[${studentId}]::integer[]`)
    .orderBy(asc(messageOutbox.id));

let sessionSeq = 0;
/** A past session of centre 1 with its roll taken and at least two students on it, not used by another test. */
async function heldSession() {
  const rows = await db()
    .select({ session: classSchedules })
    .from(classSchedules)
    .innerJoin(classes, eq(classes.classId, classSchedules.classId))
    .where(and(eq(classes.centerId, 1), eq(classSchedules.isAttendance, 1), ne(classes.classType, 'solo')))
    .orderBy(asc(classSchedules.scheduleId));
  const held = rows.filter((row) => row.session.scheduleDate < operatorToday() && row.session.makeupOf === null);
  for (;;) {
    const { session } = held[held.length - 1 - sessionSeq];
    sessionSeq += 1;
    const roll = await db().select().from(attendances).where(eq(attendances.scheduleId, session.scheduleId)).orderBy(asc(attendances.userId));
    if (roll.length < 3) continue;
    const marks = (absent: number[]) => roll.map((mark) => ({ user_id: mark.userId, status: absent.includes(mark.userId) ? 'absent' : 'present' }));
    return { session, students: roll.map((mark) => mark.userId), marks };
  }
}

describe('guardians', () => {
  it('are checked as the API states: a phone or an e-mail, a phone for Zalo, Vietnamese formats', async () => {
    const [student] = (await heldSession()).students;
    const bad = async (fields: Record<string, unknown>) => (await admin('POST', '/learning/guardian/create', guardianBody(student, fields))).json();
    expect(await bad({ phone: '12345' })).toMatchObject({ error: { fields: { phone: 'Số điện thoại phụ huynh không đúng định dạng' } } });
    expect(await bad({ email: 'khong-phai-email' })).toMatchObject({ error: { fields: { email: 'Email phụ huynh không đúng định dạng' } } });
    expect(await bad({ email: '', phone: '' })).toMatchObject({ error: { fields: { phone: 'Vui lòng nhập số điện thoại hoặc email của phụ huynh' } } });
    expect(await bad({ preferred_channel: 'zalo' })).toMatchObject({ error: { fields: { preferred_channel: 'Nhận tin qua Zalo hoặc SMS cần số điện thoại' } } });
    expect(await bad({ name: '   ' })).toMatchObject({ error: { fields: { name: 'Vui lòng nhập tên phụ huynh' } } });
    expect(await bad({ opted_out: ['spam'] })).toMatchObject({ error: { fields: { 'opted_out.0': 'Loại tin không hợp lệ' } } });
  });

  it("the first one is the account's representative, both ways; a sibling's is linked, and unlinked from nobody it is deleted", async () => {
    const [first, sibling] = (await heldSession()).students;
    await withoutGuardians(first);
    await withoutGuardians(sibling);
    const shown = async (id: number) => (await admin('GET', `/user/show/${id}`)).json().data;
    expect(await shown(first)).toMatchObject({ reference_name: null, reference_email: null });

    const [made] = await addGuardian(first, { name: 'Phạm Thu Hằng', phone: '0912 000 111'.replace(/ /g, '') });
    expect(made.position).toBe(1);
    expect(await shown(first)).toMatchObject({ reference_name: 'Phạm Thu Hằng', reference_phone: '0912000111', reference_email: made.email });

    // the account's form writes the representative: the guardian follows
    const account = await shown(first);
    const edited = await admin('PUT', '/user/update', { ...account, roles: account.roles.map((r: { id: number }) => ({ id: r.id })), reference_name: 'Phạm Thu Hà', reference_email: 'thuha@example.com' });
    expect(edited.statusCode).toBe(200);
    const [guardian] = (await admin('GET', `/learning/guardian/list?student_id=${first}`)).json().data;
    expect(guardian).toMatchObject({ id: made.id, name: 'Phạm Thu Hà', email: 'thuha@example.com', phone: '0912000111' });

    // linked to the sibling too (its first guardian, so its representative)
    const linked = await admin('POST', '/learning/guardian/link', { student_id: sibling, guardian_id: made.id, relationship: 'Mẹ' });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data[0].students.map((s: { id: number }) => s.id).sort()).toEqual([first, sibling].sort());
    expect(await shown(sibling)).toMatchObject({ reference_name: 'Phạm Thu Hà' });
    expect((await admin('POST', '/learning/guardian/link', { student_id: sibling, guardian_id: made.id })).statusCode).toBe(409);

    // a change through one student is the other's too
    await admin('POST', '/learning/guardian/update', { ...guardianBody(sibling), id: made.id, name: 'Phạm Thu Hà', email: 'thuha.moi@example.com', phone: '0912000111' });
    expect(await shown(first)).toMatchObject({ reference_email: 'thuha.moi@example.com' });

    // the "no guardian contact" filter
    const noContact = async () => ((await admin('GET', `/user/list?type=student&no_guardian=1&limit=1000`)).json().data.rows as Array<{ id: number }>).map((row) => row.id);
    expect(await noContact()).not.toContain(first);
    await admin('POST', '/learning/guardian/unlink', { student_id: first, guardian_id: made.id });
    expect(await noContact()).toContain(first);
    expect(await shown(first)).toMatchObject({ reference_name: null, reference_email: null });
    await admin('POST', '/learning/guardian/unlink', { student_id: sibling, guardian_id: made.id });
    expect((await admin('GET', `/learning/guardian/search?search=${encodeURIComponent('thuha.moi')}`)).json().data).toEqual([]);
  });
});

describe('what families are told', () => {
  it('siblings absent on one roll get one message naming both; their own guardians get theirs', async () => {
    const held = await heldSession();
    const [a, b, c] = held.students;
    for (const id of [a, b, c]) await withoutGuardians(id);
    const [shared] = await addGuardian(a, { name: 'Đỗ Minh Anh', address_as: 'anh' });
    await admin('POST', '/learning/guardian/link', { student_id: b, guardian_id: shared.id });
    const [own] = await addGuardian(c);
    worker();
    const res = await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.academicAffair, { schedule_id: held.session.scheduleId, attendance: held.marks([a, b, c]) });
    expect(res.statusCode).toBe(200);
    const [toShared] = await waitFor('the shared guardian’s mail', () => smtp.to(shared.email!).length > 0 && smtp.to(shared.email!));
    await waitFor('the other guardian’s mail', () => smtp.to(own.email!).length > 0);
    expect(smtp.to(shared.email!)).toHaveLength(1);
    expect(toShared.text).toContain('Kính gửi anh Đỗ Minh Anh');
    const names = await db().select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [a, b]));
    for (const { name } of names) expect(toShared.text).toContain(name);
    expect(await absencesOn(held.session.scheduleId, a)).toMatchObject([{ studentIds: [a, b].sort((x, y) => x - y), guardianId: shared.id }]);
  });

  it('a guardian who opted out of absences is not sent one (decided at send time)', async () => {
    const held = await heldSession();
    const [student] = held.students;
    await withoutGuardians(student);
    const [guardian] = await addGuardian(student);
    await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.academicAffair, { schedule_id: held.session.scheduleId, attendance: held.marks([student]) });
    // opted out after the message was written, before it is sent
    await admin('POST', '/learning/guardian/update', { ...guardianBody(student), id: guardian.id, email: guardian.email, opted_out: ['absence'] });
    worker();
    const [row] = await waitFor('the message decided', async () => {
      const rows = await absencesOn(held.session.scheduleId, student);
      return rows[0]?.status === 'opted_out' && rows;
    });
    expect(row.sentAt).toBeNull();
    expect(smtp.to(guardian.email!)).toEqual([]);
  });

  it("falls back to e-mail when Zalo refuses the guardian's number for good", async () => {
    const held = await heldSession();
    const [student] = held.students;
    await withoutGuardians(student);
    const [guardian] = await addGuardian(student, { phone: '0912555666', preferred_channel: 'zalo' });
    zalo.reply = () => ({ json: { error: -108, message: 'Phone number invalid' } });
    worker();
    await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.academicAffair, { schedule_id: held.session.scheduleId, attendance: held.marks([student]) });
    await waitFor('the e-mail after Zalo', () => smtp.to(guardian.email!).length === 1);
    const zaloCall = zalo.requests.find((request) => (request.body as { phone?: string }).phone === '84912555666');
    expect(zaloCall?.body).toMatchObject({ template_id: 'zns-absence', template_data: { kinh_gui: 'chị Trần Thị Lan' } });
    const [row] = await waitFor('marked sent', async () => {
      const rows = await absencesOn(held.session.scheduleId, student);
      return rows[0]?.status === 'sent' && rows;
    });
    expect(row).toMatchObject({ channel: 'email', recipient: guardian.email });
  });

  it('tells of a low balance once per crossing', async () => {
    const held = await heldSession();
    const [student] = held.students;
    await withoutGuardians(student);
    const [guardian] = await addGuardian(student);
    const roll = (status: string) =>
      call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.academicAffair, {
        schedule_id: held.session.scheduleId,
        attendance: held.students.map((id) => ({ user_id: id, status: id === student ? status : 'present' })),
      });
    // excused on this session (costing nothing), one lesson above the centre's threshold
    await roll('excused');
    const [enrolment] = await db().select().from(enrollments).where(and(eq(enrollments.classId, held.session.classId), eq(enrollments.userId, student)));
    const [{ threshold }] = await db().select({ threshold: centers.lowBalanceThreshold }).from(centers).where(eq(centers.centerId, 1));
    const adjusted = await admin('POST', '/learning/class-enrollment/adjust-lessons', {
      enrollment_id: enrolment.enrollmentId,
      lessons: threshold + 1 - (enrolment.totalLesson - enrolment.totalLessonLearned),
      reason: 'Kiểm thử ngưỡng',
    });
    expect(adjusted.statusCode).toBe(200);
    // present: the threshold is reached; corrected to excused and back: the same crossing
    await roll('present');
    await roll('excused');
    await roll('present');
    const rows = (await messagesAbout(student)).filter((m) => m.kind === 'low_balance');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipient: guardian.email, urgent: false });
    expect(rows[0].text).toContain(`còn ${threshold} buổi học`);
  });

  it('tells of a moved and a cancelled session, at once when it is today', async () => {
    const today = operatorToday();
    const [future] = await db()
      .select()
      .from(classSchedules)
      .innerJoin(classes, eq(classes.classId, classSchedules.classId))
      .where(and(eq(classes.centerId, 1), eq(classSchedules.isAttendance, 0), sql`${classSchedules.scheduleDate} > ${dayjs(today).add(2, 'day').format('YYYY-MM-DD')}`, ne(classes.classType, 'solo')))
      .orderBy(asc(classSchedules.scheduleDate))
      .limit(1);
    const session = future.class_schedule;
    const when = { schedule_date: today, schedule_hour: 22, schedule_minute: 30, duration: 60 };
    const moved = await call(ctx.t.app, 'PUT', '/learning/class-schedule', ctx.tok.admin, { schedule_id: session.scheduleId, ...when });
    expect(moved.statusCode).toBe(200);
    const rows = await db().select().from(messageOutbox).where(and(eq(messageOutbox.kind, 'schedule_change'), sql`${messageOutbox.payload}->>'schedule_id' = ${String(session.scheduleId)}`));
    expect(rows.length).toBeGreaterThan(0);
    // moved to today: urgent
    expect(rows.every((row) => row.urgent && row.text.includes(`được dời sang 22:30 ngày ${today.split('-').reverse().join('/')}`))).toBe(true);
    const cancelled = await call(ctx.t.app, 'DELETE', `/learning/class-schedule/${session.scheduleId}`, ctx.tok.admin);
    expect(cancelled.statusCode).toBe(200);
    const after = await db().select().from(messageOutbox).where(and(eq(messageOutbox.kind, 'schedule_change'), sql`${messageOutbox.payload}->>'change' = 'cancelled'`, sql`${messageOutbox.payload}->>'schedule_id' = ${String(session.scheduleId)}`));
    expect(after.length).toBe(rows.length);
    expect(after[0].text).toContain('đã bị huỷ');
  });

  it('sends the receipt with its PDF after a payment', async () => {
    const order = await unpaidOrder(db(), 1, 500_000);
    await withoutGuardians(order.userId);
    const [guardian] = await addGuardian(order.userId);
    worker();
    const paid = await admin('POST', '/learning/order/payment/create', { order_id: order.orderId, amount: 500_000, method: 'cash' });
    expect(paid.statusCode).toBe(201);
    const [mail] = await waitFor('the receipt', () => smtp.to(guardian.email!).length > 0 && smtp.to(guardian.email!));
    expect(mail.subject).toMatch(/^Phiếu thu PT-/);
    expect(mail.text).toContain('500.000');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(mail.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('holds a non-urgent message in the quiet window until it ends; an absence goes at once', async () => {
    const now = operatorNow();
    const hhmm = (d: typeof now) => d.format('HH:mm');
    const end = now.add(2, 'hour');
    await setQuietWindow(hhmm(now.subtract(1, 'hour')), hhmm(end));
    const order = await unpaidOrder(db(), 1, 300_000);
    await withoutGuardians(order.userId);
    const [guardian] = await addGuardian(order.userId);
    worker();
    await admin('POST', '/learning/order/payment/create', { order_id: order.orderId, amount: 300_000, method: 'cash' });
    const row = (await messagesAbout(order.userId)).filter((m) => m.kind === 'receipt').at(-1)!;
    expect(row.status).toBe('held');
    expect(Math.abs(row.nextAttemptAt.getTime() - end.second(0).millisecond(0).toDate().getTime())).toBeLessThan(60_000);
    const listed = (await admin('GET', `/learning/messages?student_id=${order.userId}&status=held`)).json().data.rows;
    expect(listed).toContainEqual(expect.objectContaining({ id: row.id, status: 'held', urgent: false }));

    const held = await heldSession();
    const [student] = held.students;
    await withoutGuardians(student);
    const [other] = await addGuardian(student);
    await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.academicAffair, { schedule_id: held.session.scheduleId, attendance: held.marks([student]) });
    await waitFor('the absence in the window', () => smtp.to(other.email!).length === 1);
    expect(smtp.to(guardian.email!)).toEqual([]);
    expect((await db().select().from(messageOutbox).where(eq(messageOutbox.id, row.id)))[0].status).toBe('held');
  });
});

describe("staff's own messages", () => {
  it("go to each guardian of a class's students once, and say who has no contact", async () => {
    const held = await heldSession();
    const classId = held.session.classId;
    const active = await db().select({ id: enrollments.userId }).from(enrollments).where(and(eq(enrollments.classId, classId), eq(enrollments.status, 1)));
    const [a, b] = active.map((row) => row.id);
    await withoutGuardians(a);
    await withoutGuardians(b);
    const [shared] = await addGuardian(a);
    await admin('POST', '/learning/guardian/link', { student_id: b, guardian_id: shared.id });
    const sent = await admin('POST', '/learning/messages/send', { target: 'class', class_id: classId, subject: 'Nghỉ lễ', text: 'Trung tâm nghỉ ngày 02/09.' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ students: active.length });
    const rows = await db().select().from(messageOutbox).where(and(eq(messageOutbox.kind, 'free'), eq(messageOutbox.guardianId, shared.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0].text).toContain('Trung tâm nghỉ ngày 02/09.');
    expect(rows[0].subject).toBe('Nghỉ lễ');
    const refused = await call(ctx.t.app, 'POST', '/learning/messages/send', ctx.tok.teacher, { target: 'class', class_id: classId, subject: 'x', text: 'y' });
    expect(refused.statusCode).toBe(403);
    const noTarget = await admin('POST', '/learning/messages/send', { target: 'class', subject: 'x', text: 'y' });
    expect(noTarget.json().error.fields).toMatchObject({ class_id: 'Chọn lớp nhận tin' });
  });
});

describe('templates', () => {
  it('refuses a placeholder the kind does not offer, naming it; a saved template is what the next message says', async () => {
    const bad = await admin('POST', '/learning/message-template/update', { kind: 'absence', channel: 'email', subject: 'Vắng {hoc_vien}', body: 'Con {ten_con} vắng {so_tien}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.body).toBe('Biến không dùng được cho loại tin này: {ten_con}, {so_tien}');
    const refused = await call(ctx.t.app, 'POST', '/learning/message-template/update', ctx.tok.academicAffair, { kind: 'absence', channel: 'email', subject: 'x', body: 'y' });
    expect(refused.statusCode).toBe(403);

    const saved = await admin('POST', '/learning/message-template/update', { kind: 'absence', channel: 'email', subject: 'Con vắng: {hoc_vien}', body: 'Chào {kinh_gui}, {hoc_vien} nghỉ lớp {lop} ngày {ngay}.' });
    expect(saved.json().data).toMatchObject({ custom: true });
    const held = await heldSession();
    const [student] = held.students;
    await withoutGuardians(student);
    const [guardian] = await addGuardian(student);
    const preview = await admin('POST', '/learning/message-template/preview', { kind: 'absence', subject: 'Con vắng: {hoc_vien}', body: 'Chào {kinh_gui}, lớp {lop}.', student_id: student });
    expect(preview.json().data).toMatchObject({ text: 'Chào chị Trần Thị Lan, lớp Lớp mẫu.', recipient: guardian.email });
    await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.academicAffair, { schedule_id: held.session.scheduleId, attendance: held.marks([student]) });
    const [row] = await absencesOn(held.session.scheduleId, student);
    expect(row.text).toMatch(/^Chào chị Trần Thị Lan, .+ nghỉ lớp .+ ngày \d\d\/\d\d\/\d{4}\.$/);
    expect((await admin('POST', '/learning/message-template/reset', { kind: 'absence', channel: 'email' })).json().data).toMatchObject({ custom: false });
  });
});

describe('the daily scan', () => {
  it('reminds of a payment due, tells of one overdue, and of tomorrow’s sessions where the centre asks; once each', async () => {
    const today = operatorToday();
    await db().update(centers).set({ paymentReminderDays: 3, overdueNotice: true, sessionReminder: true }).where(eq(centers.centerId, 1));
    const soon = await unpaidOrder(db(), 1, 200_000);
    const late = await unpaidOrder(db(), 1, 250_000);
    await db().update(orders).set({ dueDate: dayjs(today).add(3, 'day').format('YYYY-MM-DD') }).where(eq(orders.orderId, soon.orderId));
    await db().update(orders).set({ dueDate: dayjs(today).subtract(1, 'day').format('YYYY-MM-DD') }).where(eq(orders.orderId, late.orderId));
    const channels = ctx.t.app.ctx.outbox.channelNames;
    const first = await scanFamilyReminders(db(), channels, today);
    expect(first).toBeGreaterThan(0);
    expect(await scanFamilyReminders(db(), channels, today)).toBe(0);
    const kindsAbout = async (id: number) => (await messagesAbout(id)).map((m) => m.kind);
    expect(await kindsAbout(soon.userId)).toContain('payment_due');
    expect(await kindsAbout(late.userId)).toContain('payment_overdue');
    const [due] = (await messagesAbout(soon.userId)).filter((m) => m.kind === 'payment_due');
    expect(due.text).toContain('200.000');
    const tomorrow = dayjs(today).add(1, 'day').format('YYYY-MM-DD');
    const reminders = await db().select().from(messageOutbox).where(eq(messageOutbox.kind, 'reminder'));
    const sessions = await db().select({ id: classSchedules.scheduleId }).from(classSchedules).where(and(eq(classSchedules.scheduleDate, tomorrow), eq(classSchedules.centerId, 1)));
    if (sessions.length) expect(reminders.length).toBeGreaterThan(0);
    expect(reminders.every((row) => row.text.includes(tomorrow.split('-').reverse().join('/')))).toBe(true);
  });
});
