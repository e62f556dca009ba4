/**
 * The access matrix: every registered route × every kind of caller, with the expected answer.
 *
 * The routes are collected from the application itself (an onRoute hook added to the Fastify instance
 * this file builds), so a new route without a line in MATRIX fails the first test: no route ships
 * without an access decision. Each cell sends a valid request (real ids of seeded or freshly created
 * rows) so that a 400 or 404 never hides the permission answer, and expects:
 * - ALLOWED: a 2xx;
 * - REFUSED: a 403;
 * - UNAUTHENTICATED: a 401 (the anonymous column);
 * - scoped(...): a 2xx whose rows (or object) are all within the caller's reach, and a 403 for each
 *   request `outside` that reach (another centre's account, another teacher's class, someone else's inbox);
 *   and for each request whose body `references` an id out of the caller's reach (another centre's teacher,
 *   giáo vụ, room, student, grader, recipient, class, event or centre written into a row: an account's, a
 *   room's, a day off's, an event's or a class's centre; a round to grade of an event the caller does not
 *   grade), the neutral 400 that a missing id gets: "… không tồn tại hoặc ngoài phạm vi của bạn" on the field.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, lt, ne } from 'drizzle-orm';
import { inOperatorZone, operatorToday } from '@trungtam/shared/operatorDate';
import { EXAMINEE_SHEET_COLUMNS } from '@trungtam/shared/contracts/competition';
import { ACCOUNT_SHEET_COLUMNS, ACCOUNT_SHEET_LAYOUT } from '@trungtam/shared/schemas/accountImport';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { classSchedules, competitionGraders, competitions, enrollments, examinees, examineeTypes, messageOutbox, orders, passwordResets, rounds, topics, users } from '../src/db/schema';
import { serveBuilds, writeShellManifest } from './support/manifests';
import { API, call, createTestContext, DEMO_ACCOUNTS, DEMO_PASSWORD, demoTokens, login, type TestContext } from './helpers';

// ---------------------------------------------------------------- the routes, as the application registers them

const mockRegisteredRoutes: Array<{ method: string; url: string }> = [];
jest.mock('fastify', () => {
  const actual = jest.requireActual('fastify');
  const build = (...args: unknown[]) => {
    const app = actual(...args);
    app.addHook('onRoute', (route: { method: string | string[]; url: string }) => {
      for (const method of [route.method].flat()) mockRegisteredRoutes.push({ method, url: route.url });
    });
    return app;
  };
  return Object.assign(build, actual, { default: build, fastify: build });
});

/** Routes that need no access decision, and why. */
const WITHOUT_DECISION: Array<[RegExp, string]> = [
  [/^OPTIONS \*$/, 'CORS preflight'],
  [/^(GET|HEAD) \/api\/docs(\/.*)?$/, 'the OpenAPI document and its UI, public (the auth plugin skips them)'],
];

/** "METHOD /path" of every route that needs a decision. HEAD copies of GET routes share their handler and hooks. */
function routesNeedingADecision(): string[] {
  const keys = new Set(mockRegisteredRoutes.map((r) => `${r.method} ${r.url}`));
  return [...keys]
    .filter((key) => !(key.startsWith('HEAD ') && keys.has(key.replace(/^HEAD /, 'GET '))))
    .filter((key) => !WITHOUT_DECISION.some(([pattern]) => pattern.test(key)))
    .sort();
}

// ---------------------------------------------------------------- callers and fixtures

const WHO = ['admin', 'academicAffair', 'teacher', 'student', 'noPermissions', 'anonymous'] as const;
type Who = (typeof WHO)[number];
type SignedIn = Exclude<Who, 'anonymous'>;

interface Me {
  id: number;
  email: string;
  name: string;
  phone_number: string | null;
  center_id: number | null;
}
interface ClassInfo {
  class_id: number;
  product_id: number;
  product_item_id: number;
  center_id: number | null;
  teacher_id: number | null;
  product_item: { product: { discount_ids: number[] } } | null;
}

let t: TestContext;
const tokens = {} as Record<SignedIn, string>;
const me = {} as Record<SignedIn, Me>;
/** Rows the requests point at; filled once before the matrix runs. */
const fx = {
  hnStudent: 0, hnTeacher: 0, hcmStudent: 0, otherAffair: 0, resetTarget: 0, resetEmail: '',
  hnClass: {} as ClassInfo, hcmClass: {} as ClassInfo, teacherClass: {} as ClassInfo, otherTeachersClass: {} as ClassInfo,
  studentClass: {} as ClassInfo, notStudentsClass: {} as ClassInfo,
  classes: new Map<number, ClassInfo>(),
  studentClasses: new Set<number>(), studentActiveClasses: new Set<number>(),
  /** A static origin of builds for the registry's releases. */
  builds: undefined as unknown as Awaited<ReturnType<typeof serveBuilds>>,
  hnEnrollment: 0, hcmEnrollment: 0,
  hnEvent: {} as EventFixture, hcmEvent: {} as EventFixture, ungradedEvent: {} as EventFixture,
};
let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq += 1)}`;

interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under /api/v1 unless it is a probe (/health, /ready). */
  url: string;
  payload?: unknown;
  /** A token of its own instead of the caller's usual one (a sign-out must not end that one). */
  token?: string;
}

/** The load balancer's probes, outside /api/v1. */
const PROBE = /^\/(health|ready)$/;

async function send(who: Who, req: Req): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: req.method,
    url: PROBE.test(req.url) ? req.url : `${API}${req.url}`,
    headers: who === 'anonymous' ? {} : { authorization: `Bearer ${req.token ?? tokens[who]}` },
    ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
  });
}

/** A call as the administrator, for fixtures; fails the test unless it succeeds. */
async function asAdmin(method: Req['method'], url: string, payload?: unknown) {
  const res = await send('admin', { method, url, payload });
  if (res.statusCode >= 300) throw new Error(`fixture ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

async function newAccount(type: 'student' | 'teacher' | 'academic_affair', centerId: number, roleId?: number): Promise<number> {
  const role = roleId ?? { academic_affair: 2, teacher: 3, student: 4 }[type];
  const created = await asAdmin('POST', '/auth/register', {
    email: `mx.${type}.${next()}@trungtam.vn`, name: `Ma trận ${type}`, password: DEMO_PASSWORD, type,
    phone_number: '0900000000', status: 1, roles: [{ id: role }], center_id: centerId,
  });
  return created.data.id;
}

/** A fresh, unused centre (made by the administrator), for calls that change or delete one. */
async function newCentre(): Promise<number> {
  const res = await send('admin', { method: 'POST', url: '/learning/center/create', payload: { name: `Trung tâm ${next()}`, status: 1 } });
  if (res.statusCode !== 201) throw new Error(`centre fixture: ${res.statusCode} ${res.body}`);
  return res.json().data.center_id;
}

const discountFor = (cls: ClassInfo) => cls.product_item!.product.discount_ids[0];

/** The order of an enrolment. */
async function orderOf(enrollmentId: number): Promise<number> {
  const [row] = await t.database.db.select({ id: orders.orderId }).from(orders).where(eq(orders.enrollmentId, enrollmentId)).limit(1);
  return row.id;
}
/** A payment of 1,000 đ (each cell's own: the fixture orders owe millions). */
const paymentOf = (orderId: number): Req => ({ method: 'POST', url: '/learning/order/payment/create', payload: { order_id: orderId, amount: 1000, method: 'cash' } });
/** A payment the administrator just took on an enrolment's order, for the calls that read or void one. */
async function paidOnce(enrollmentId: number): Promise<number> {
  const order = (await asAdmin('POST', '/learning/order/payment/create', { order_id: await orderOf(enrollmentId), amount: 1000, method: 'cash' }));
  return order.payments.at(-1).payment_id;
}
const ledgerOf = (enrollmentId: number): Req => ({ method: 'GET', url: `/learning/class-enrollment/ledger/${enrollmentId}` });
const lessonAdjustment = (enrollmentId: number): Req => ({ method: 'POST', url: '/learning/class-enrollment/adjust-lessons', payload: { enrollment_id: enrollmentId, lessons: 1, reason: 'Tặng thêm một buổi' } });

const cancelOf = (enrollmentId: number): Req => ({ method: 'POST', url: '/learning/class-enrollment/cancel', payload: { enrollment_id: enrollmentId, settlement: 'credit', amount: 0 } });
const transferOf = (enrollmentId: number, to: ClassInfo): Req => ({ method: 'POST', url: '/learning/class-enrollment/transfer', payload: { enrollment_id: enrollmentId, class_id: to.class_id } });
/** Another class of the same centre with a course, for a transfer. */
const otherClassOf = (cls: ClassInfo) => [...fx.classes.values()].find((c) => c.center_id === cls.center_id && c.class_id !== cls.class_id && c.product_item_id)!;

/** An enrolment of the student's that is not removed, read from the database. */
async function enrolmentOfStudent(userId: number): Promise<number> {
  const [row] = await t.database.db.select({ id: enrollments.enrollmentId }).from(enrollments).where(and(eq(enrollments.userId, userId), ne(enrollments.status, 3))).limit(1);
  if (!row) throw new Error(`no enrolment of student ${userId}`);
  return row.id;
}

async function newEnrollment(cls: ClassInfo): Promise<number> {
  const student = await newAccount('student', cls.center_id!);
  const created = await asAdmin('POST', '/learning/class-enrollment/create', { user_id: student, class_id: cls.class_id, discount_id: discountFor(cls) });
  return created.enrollment_id;
}

async function newDiscount(): Promise<number> {
  return (await asAdmin('POST', '/discounts', { name: `Ưu đãi ${next()}`, discount_percent: 10 })).discount_id;
}

const roomBody = (centre: number) => ({ center_id: centre, name: `Phòng ${next()}`, room_number: '101', capacity: 20 });

async function newRoom(centre: number): Promise<number> {
  return (await asAdmin('POST', '/learning/room/create', roomBody(centre))).room_id;
}

/** A fresh variant group (for variants to live in). */
async function newVariantGroup(): Promise<number> {
  return (await asAdmin('POST', '/product/variant-group/create', { name: `Nhóm ${next()}` })).id;
}

/** A request body; made when the cell runs, so that it can point at fresh rows. */
type Body = Record<string, unknown>;

/**
 * The rows of a resource factory declaration's routes under `base` (crudPaths: list, show, create, update and
 * delete; with `undo`, a soft-deleting one's bulk delete and restore), each with the same `outcomes`. A call
 * that needs a row gets a fresh one, made by the administrator from `body()` (a new name unless said); `id`
 * is the record's id field. A resource whose rows are scoped writes its rows by hand.
 */
function crudCases(base: string, outcomes: Record<Who, Outcome>, options: { body?: () => Body | Promise<Body>; id?: string; undo?: boolean } = {}): Record<string, RouteCase> {
  const { body = () => ({ name: `Mục ${next()}` }), id = 'id', undo = false } = options;
  const fresh = async (): Promise<number> => (await asAdmin('POST', `${base}/create`, await body()))[id];
  const key = (method: Req['method'], route: string) => `${method} ${API}${base}/${route}`;
  return {
    [key('GET', 'list')]: { request: () => ({ method: 'GET', url: `${base}/list` }), ...outcomes },
    [key('GET', 'show/:id')]: { request: async () => ({ method: 'GET', url: `${base}/show/${await fresh()}` }), ...outcomes },
    [key('POST', 'create')]: { request: async () => ({ method: 'POST', url: `${base}/create`, payload: await body() }), ...outcomes },
    [key('PUT', 'update')]: { request: async () => ({ method: 'PUT', url: `${base}/update`, payload: { [id]: await fresh(), ...(await body()) } }), ...outcomes },
    [key('DELETE', 'delete/:id')]: { request: async () => ({ method: 'DELETE', url: `${base}/delete/${await fresh()}` }), ...outcomes },
    ...(undo ? {
      [key('POST', 'bulk-delete')]: { request: async () => ({ method: 'POST', url: `${base}/bulk-delete`, payload: { ids: [await fresh()] } }), ...outcomes },
      [key('POST', 'restore')]: {
        request: async () => {
          const row = await fresh();
          await asAdmin('DELETE', `${base}/delete/${row}`);
          return { method: 'POST', url: `${base}/restore`, payload: { ids: [row] } };
        },
        ...outcomes,
      },
    } : {}),
  };
}

/** A fresh course (made by the administrator), with one item, for calls that change or delete one. */
async function courseBody(): Promise<Record<string, unknown>> {
  const type = (await asAdmin('GET', '/product/product-type/list?limit=1')).rows[0].id;
  const vendor = (await asAdmin('GET', '/product/vendor/list?limit=1')).rows[0].id;
  const discount = (await asAdmin('GET', '/discounts?limit=1')).rows[0].discount_id;
  return { name: `Khoá học ${next()}`, product_type_id: type, vendor_id: vendor, discount_ids: [discount], items: [{ name: 'Gói 24 buổi', total_lesson: 24, price: 4_800_000 }] };
}

async function newCourse(): Promise<number> {
  return (await asAdmin('POST', '/product/create', await courseBody())).product_id;
}

/**
 * A fresh competition (written directly in the database) of a centre: one subject, graded by the demo
 * teacher when `graded`, one group, two rounds and one examinee; for the scoring routes.
 */
async function newGradedEvent(centerId: number | null, graded = true) {
  const db = t.database.db;
  const [event] = await db.insert(competitions).values({ name: `Cuộc thi ${next()}`, centerId, status: 3, candidateSeq: 1 }).returning();
  const [topic] = await db.insert(topics).values({ name: `Môn ${next()}` }).returning();
  const [group] = await db.insert(examineeTypes).values({ name: `Nhóm ${next()}` }).returning();
  const [round] = await db
    .insert(rounds)
    .values([
      { competitionId: event.competitionId, name: 'Vòng loại', order: 1, maxScore: 100, passScore: 50 },
      { competitionId: event.competitionId, name: 'Chung kết', order: 2, maxScore: 100, passScore: 50 },
    ])
    .returning();
  const [examinee] = await db
    .insert(examinees)
    .values({ competitionId: event.competitionId, fullName: 'Thí sinh ma trận', topicId: topic.topicId, typeId: group.typeId, candidateNumber: '0001' })
    .returning();
  if (graded) await db.insert(competitionGraders).values({ competitionId: event.competitionId, topicId: topic.topicId, userId: me.teacher.id });
  return { competitionId: event.competitionId, roundId: round.roundId, examineeId: examinee.examineeId, topicId: topic.topicId };
}
type EventFixture = Awaited<ReturnType<typeof newGradedEvent>>;
const scoreOf = (e: EventFixture): Req => ({ method: 'PUT', url: '/competition/scoring/update', payload: { round_id: e.roundId, scores: [{ examinee_id: e.examineeId, score: 70, comment: 'Tốt' }] } });

const rangeParams = (from: string, to: string) => `created_at=${encodeURIComponent(`${from} 00:00:00`)}&created_at=${encodeURIComponent(`${to} 23:59:59`)}`;

/** Every session, with its teacher and centre (the payroll's lines are sessions). */
const sessionsById = new Map<number, { teacherId: number | null; centerId: number | null }>();
/**
 * Takes attendance (directly in the database) of the first session of the demo teacher's class and of a
 * class of another centre and teacher; answers the range from the first to the second's date.
 */
async function attendedRange(): Promise<string> {
  const sessions = await t.database.db.select().from(classSchedules);
  for (const s of sessions) sessionsById.set(s.scheduleId, { teacherId: s.teacherId, centerId: s.centerId });
  const first = (classId: number) => sessions.filter((s) => s.classId === classId).sort((a, b) => a.scheduleDate.localeCompare(b.scheduleDate))[0];
  const other = [...fx.classes.values()].find((c) => c.center_id !== centreOf('academicAffair') && c.teacher_id !== me.teacher.id)!;
  const chosen = [first(fx.teacherClass.class_id), first(other.class_id)];
  for (const session of chosen) await t.database.db.update(classSchedules).set({ isAttendance: 1 }).where(eq(classSchedules.scheduleId, session.scheduleId));
  const dates = chosen.map((s) => s.scheduleDate).sort();
  return rangeParams(dates[0], dates.at(-1)!);
}

/** The class of each order, and the range of the days the orders were made. */
const orderClasses = new Map<number, number>();
async function ordersRange(): Promise<string> {
  const rows = await t.database.db.select({ id: orders.orderId, classId: orders.classId, createdAt: orders.createdAt }).from(orders);
  for (const row of rows) orderClasses.set(row.id, row.classId);
  const days = rows.map((row) => inOperatorZone(row.createdAt)!.format('YYYY-MM-DD')).sort();
  return rangeParams(days[0], days.at(-1)!);
}

/** The ids in the first column of an export's lines (up to the blank row before the totals). */
async function exportedIds(res: LightMyRequestResponse): Promise<number[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ids: number[] = [];
  const sheet = book.worksheets[0];
  for (let n = 2; n <= sheet.rowCount; n += 1) {
    const value = sheet.getRow(n).getCell(1).value;
    if (typeof value !== 'number') break;
    ids.push(value);
  }
  return ids;
}
/** Some ids, each passing `test` (an empty export does not pass for a scoped one). */
const allIn = (ids: number[], test: (id: number) => boolean) => ids.length > 0 && ids.every(test);

async function newRole(): Promise<number> {
  return (await asAdmin('POST', '/system/role/create', { name: `Vai trò ma trận ${next()}`, guard_name: 'teacher', permissions: [] })).id;
}

/** A freshly released build of the users area (served by fx.builds); its version. */
async function newBuild(): Promise<string> {
  const version = `0.8.0-${next()}`;
  await asAdmin('POST', '/system/remote/release', { area: 'users', version, entry: fx.builds.entry('users', version) });
  return version;
}

/** A fresh build made the users area's candidate. */
async function newCandidate(): Promise<void> {
  await asAdmin('PUT', '/system/remote/rollout', { area: 'users', candidate_version: await newBuild(), rollout: { percent: 10 } });
}

async function accountBody(id: number) {
  const u = await asAdmin('GET', `/user/show/${id}`);
  return { id, name: u.name, email: u.email, phone_number: u.phone_number, status: u.status };
}

beforeAll(async () => {
  fx.builds = await serveBuilds();
  t = await createTestContext({ shellManifest: writeShellManifest(), releaseAllowedOrigins: [fx.builds.origin] });
  const demo = await demoTokens(t.app);
  Object.assign(tokens, demo);

  // a giáo vụ of centre 1 whose role grants nothing at all
  const empty = await asAdmin('POST', '/system/role/create', { name: 'Không có quyền', guard_name: 'academic_affair', permissions: [] });
  const noPermissionsEmail = `khong.quyen.${next()}@trungtam.vn`;
  await asAdmin('POST', '/auth/register', {
    email: noPermissionsEmail, name: 'Tài khoản không quyền', password: DEMO_PASSWORD, type: 'academic_affair',
    phone_number: '0900000001', status: 1, roles: [{ id: empty.id }], center_id: 1,
  });
  tokens.noPermissions = await login(t.app, noPermissionsEmail);
  for (const who of Object.keys(tokens) as SignedIn[]) me[who] = (await send(who, { method: 'GET', url: '/user/get-by-token' })).json().data;

  fx.hnStudent = await newAccount('student', 1);
  fx.hnTeacher = await newAccount('teacher', 1);
  fx.hcmStudent = await newAccount('student', 2);
  fx.otherAffair = await newAccount('academic_affair', 1);
  fx.resetTarget = await newAccount('student', 1);
  fx.resetEmail = (await asAdmin('GET', `/user/show/${fx.resetTarget}`)).email;

  const classes: ClassInfo[] = (await asAdmin('GET', '/learning/class/list?limit=1000&relationships=product_item')).rows;
  for (const c of classes) fx.classes.set(c.class_id, c);
  const own = await t.database.db.select().from(enrollments).where(and(eq(enrollments.userId, me.student.id), ne(enrollments.status, 3)));
  fx.studentClasses = new Set(own.map((e) => e.classId));
  fx.studentActiveClasses = new Set(own.filter((e) => e.status === 1).map((e) => e.classId));
  const find = (what: string, test: (c: ClassInfo) => boolean) => {
    const found = classes.find(test);
    if (!found) throw new Error(`no seeded class: ${what}`);
    return found;
  };
  fx.hnClass = find('centre 1 with a course', (c) => c.center_id === 1 && !!c.product_item?.product.discount_ids.length);
  fx.hcmClass = find('centre 2 with a course', (c) => c.center_id === 2 && !!c.product_item?.product.discount_ids.length);
  fx.teacherClass = find("the demo teacher's", (c) => c.teacher_id === me.teacher.id);
  fx.otherTeachersClass = find("another teacher's", (c) => c.teacher_id !== me.teacher.id);
  fx.studentClass = find("the demo student's", (c) => fx.studentClasses.has(c.class_id));
  fx.notStudentsClass = find('one the demo student is not in', (c) => !fx.studentClasses.has(c.class_id));
  fx.hnEnrollment = await newEnrollment(fx.hnClass);
  fx.hcmEnrollment = await newEnrollment(fx.hcmClass);
  fx.hnEvent = await newGradedEvent(1);
  fx.hcmEvent = await newGradedEvent(2);
  fx.ungradedEvent = await newGradedEvent(1, false);
});
afterAll(async () => {
  await t?.close();
  await fx.builds?.close();
});

// ---------------------------------------------------------------- outcomes

interface Scoped {
  kind: 'scoped';
  /** Each list row must be in reach. */
  rows?: (row: Record<string, unknown>, who: SignedIn) => boolean;
  /** At least this many rows (so that an empty answer does not pass for a scoped one). Default 1. */
  minRows?: number;
  /** The answer's object (or the raw response) must be in reach. */
  data?: (data: Record<string, unknown>, who: SignedIn) => boolean;
  raw?: (res: LightMyRequestResponse, who: SignedIn) => Promise<boolean>;
  /** Requests beyond the caller's reach: each must be a 403. */
  outside?: (who: SignedIn) => Req[] | Promise<Req[]>;
  /** Writes a reference out of reach: requests naming an id the caller does not reach; each must be the neutral 400. */
  references?: (who: SignedIn) => Req[] | Promise<Req[]>;
}
/** The neutral refusal of an id that is missing or out of reach (access/references.ts), whatever its kind. */
const OUT_OF_REACH = / không tồn tại hoặc ngoài phạm vi của bạn$/;
type Outcome = typeof ALLOWED | typeof REFUSED | typeof UNAUTHENTICATED | Scoped;
const ALLOWED = 'ALLOWED' as const;
const REFUSED = 'REFUSED' as const;
const UNAUTHENTICATED = 'UNAUTHENTICATED' as const;
const scoped = (rules: Omit<Scoped, 'kind'>): Scoped => ({ kind: 'scoped', ...rules });
/** Money is not a teacher's or a student's. */
const moneyRefused = { teacher: REFUSED, student: REFUSED, noPermissions: REFUSED, anonymous: UNAUTHENTICATED } as const;

interface RouteCase extends Record<Who, Outcome> {
  /** A valid request of `who` within their reach (fresh rows for calls that use them up). */
  request: (who: Who) => Req | Promise<Req>;
  /** After a 2xx (a password change renews the caller's token). */
  after?: (who: SignedIn, res: LightMyRequestResponse) => void;
}

const centreOf = (who: SignedIn) => me[who].center_id;
const ownId = (who: Who) => (who === 'anonymous' ? fx.hnStudent : me[who].id);
const isMe = (data: Record<string, unknown>, who: SignedIn) => data.id === me[who].id;
const inAffairCentre = (row: Record<string, unknown>, who: SignedIn) => row.center_id === centreOf(who);
const otherUser = (who: SignedIn) => (who === 'student' ? me.teacher.id : me.student.id);

/** A staff account to create; `centre` 0 lets the caller's default apply. */
const staffCreate = (type: string, role: number, centre: number): Req => ({
  method: 'POST',
  url: '/auth/register',
  payload: { email: `mx.tao.${next()}@trungtam.vn`, name: 'Tài khoản mới', password: DEMO_PASSWORD, type, phone_number: '0900000002', status: 1, roles: [{ id: role }], center_id: centre },
});
const passwordOf = (id: number): Req => ({ method: 'PUT', url: '/user/update-password', payload: { id, password: 'matkhau456' } });
const updateOf = async (id: number): Promise<Req> => ({ method: 'PUT', url: '/user/update', payload: await accountBody(id) });
/** The same request, putting the account in centre `centre`. */
const withCentre = (req: Req, centre: number): Req => ({ ...req, payload: { ...(req.payload as object), center_id: centre } });
const enrol = (student: number, cls: ClassInfo): Req => ({
  method: 'POST', url: '/learning/class-enrollment/create', payload: { user_id: student, class_id: cls.class_id, discount_id: discountFor(cls) },
});
/**
 * Bulk routes answer 200 with a result per row: a row out of the caller's reach is refused in the answer
 * rather than with a 403. A bulk cell sends rows in reach (`done`) and rows beyond it (`refused`), and its
 * scoped check reads the answer (the cells of a route run one after another).
 */
let bulkRows: { done: number[]; refused: number[] } = { done: [], refused: [] };
const bulkCall = (url: string, rows: { done: number[]; refused?: number[] }, extra: Record<string, unknown> = {}): Req => {
  bulkRows = { done: rows.done, refused: rows.refused ?? [] };
  return { method: 'POST', url, payload: { ids: [...bulkRows.done, ...bulkRows.refused], ...extra } };
};
const bulkInReach = scoped({
  data: (data) =>
    JSON.stringify(data.succeeded) === JSON.stringify(bulkRows.done) &&
    JSON.stringify((data.refused as Array<{ id: number }>).map((row) => row.id)) === JSON.stringify(bulkRows.refused),
});
/** A room deleted a moment ago (restorable). */
async function deletedRoom(centre: number): Promise<number> {
  const id = await newRoom(centre);
  await asAdmin('DELETE', `/learning/room/delete/${id}`);
  return id;
}
const enrolmentUpdate = (id: number, cls: ClassInfo): Req => ({
  method: 'PUT', url: '/learning/class-enrollment/update', payload: { enrollment_id: id, discount_id: discountFor(cls), total_lesson_promote: 1 },
});

/** A list every signed-in user may open (the schedules), for saved views. */
const EVERYONES_LIST = '/learning/schedules';
const savedView = (extra: Record<string, unknown> = {}) => ({ list_key: EVERYONES_LIST, name: `Chế độ xem ${next()}`, query: 'view=week', ...extra });
/** A fresh saved view of `who` (the administrator's for the anonymous column). */
async function ownSavedView(who: Who): Promise<number> {
  const res = await send(who === 'anonymous' ? 'admin' : who, { method: 'POST', url: '/saved-view/create', payload: savedView() });
  return res.json().data.id;
}
/** A view the administrator shares with role `roleId`: its members see it but may not change it. */
const sharedSavedView = async (roleId: number): Promise<number> => (await asAdmin('POST', '/saved-view/create', savedView({ shared_role_id: roleId }))).id;

/** Outcomes of a route every signed-in caller may use for themselves. */
const everyoneOwn = (rules: Omit<Scoped, 'kind'>): Record<Who, Outcome> => ({
  admin: scoped(rules), academicAffair: scoped(rules), teacher: scoped(rules), student: scoped(rules), noPermissions: scoped(rules),
  anonymous: UNAUTHENTICATED,
});
/** A fresh self-registered account waiting for approval (no centre yet); its id. */
async function newPendingAccount(): Promise<number> {
  const res = await call(t.app, 'POST', '/auth/register', undefined, { email: `mx.cho.duyet.${next()}@gmail.com`, firstname: 'Minh', lastname: 'Chờ', password: 'hoclaptot2026' });
  return res.json().data.user.id;
}
const publicRoute = { admin: ALLOWED, academicAffair: ALLOWED, teacher: ALLOWED, student: ALLOWED, noPermissions: ALLOWED, anonymous: ALLOWED } as const;
const staffOnly = { admin: ALLOWED, academicAffair: ALLOWED, teacher: REFUSED, student: REFUSED, noPermissions: REFUSED, anonymous: UNAUTHENTICATED } as const;
const adminOnly = { admin: ALLOWED, academicAffair: REFUSED, teacher: REFUSED, student: REFUSED, noPermissions: REFUSED, anonymous: UNAUTHENTICATED } as const;

/** Staff messages: the permission's holders only (the giáo vụ's reach is in each line). */
const notificationStaffOnly = { teacher: REFUSED, student: REFUSED, noPermissions: REFUSED, anonymous: UNAUTHENTICATED } as const;
const messageTo = (target: Record<string, unknown>) => ({ name: `Thông báo ma trận ${next()}`, message: 'Nội dung', target });
/** A fresh draft to everyone of a centre, made by the administrator. */
async function newMessage(centre: number): Promise<number> {
  return (await asAdmin('POST', '/notifications', messageTo({ kind: 'center', center_id: centre }))).notification_id;
}
/** A staff's own message to the families of one student. */
const freeMessageTo = (student: number) => ({ target: 'students', student_ids: [student], subject: 'Tin ma trận', text: 'Nội dung' });
/** Guardians: staff with the User permissions (a teacher or a student has none). */
const guardianStaffOnly = { teacher: REFUSED, student: REFUSED, noPermissions: REFUSED, anonymous: UNAUTHENTICATED } as const;
/** The templates: read by administrators and giáo vụ, written by administrators. */
const templateReaders = { admin: ALLOWED, academicAffair: ALLOWED, teacher: REFUSED, student: REFUSED, noPermissions: REFUSED, anonymous: UNAUTHENTICATED } as const;
const guardianOf = (student: number) => ({ student_id: student, name: 'Nguyễn Thị Mai', phone: '0912000111', email: null, preferred_channel: 'sms', address_as: 'chị', relationship: 'Mẹ', opted_out: [] });
/** A fresh guardian of `student` (made by the administrator); its id. */
async function newGuardian(student: number, name = 'Nguyễn Thị Mai'): Promise<number> {
  const list = (await asAdmin('POST', '/learning/guardian/create', { ...guardianOf(student), name })) as Array<{ id: number; name: string }>;
  return list[list.length - 1].id;
}
/** A failed message to the family of a fresh student of `centre` (written directly in the outbox); its id. */
async function newFamilyMessage(centre: number): Promise<number> {
  const student = await newAccount('student', centre);
  const [row] = await t.database.db
    .insert(messageOutbox)
    .values({ idempotencyKey: `matrix:${next()}`, kind: 'absence', channel: 'email', recipient: `phu.huynh.${next()}@example.com`, studentId: student, studentIds: [student], payload: {}, subject: 'Thông báo vắng học', text: 'Nội dung', status: 'failed', attempts: 5, lastError: '550 mailbox unavailable' })
    .returning({ id: messageOutbox.id });
  return row.id;
}
/** Every account's centre and type (loaded by the list's request), to check a giáo vụ's notification rows. */
const accounts = new Map<number, { centerId: number | null; type: string }>();
async function loadAccounts(): Promise<void> {
  for (const u of await t.database.db.select({ id: users.id, centerId: users.centerId, type: users.type }).from(users)) accounts.set(u.id, u);
}
/** A giáo vụ's reach over notification rows: their centre's accounts' and the messages to them or to the centre. */
function inAffairNotificationReach(row: Record<string, unknown>, who: SignedIn): boolean {
  const seen = (id: unknown) => {
    const account = accounts.get(id as number);
    return !!account && account.type !== 'administrator' && account.centerId === centreOf(who);
  };
  if (row.user_id !== null) return seen(row.user_id);
  const target = row.target as { kind: string; user_id?: number; center_id?: number };
  return target.kind === 'user' ? seen(target.user_id) : target.center_id === centreOf(who);
}

// ---------------------------------------------------------------- classes, sessions and holidays

let slotSeq = 0;
/** A class of `centre` with a teacher and a room of its own (no clash with anything), one Monday a week far ahead. */
async function classBody(centre: number, over: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const course = centre === 1 ? fx.hnClass : fx.hcmClass;
  return {
    class_name: `Lớp ma trận ${next()}`, class_type: 'group', product_id: course.product_id, product_item_id: course.product_item_id,
    teacher_id: await newAccount('teacher', centre), center_id: centre, room_id: await newRoom(centre), teacher_salary: 200_000,
    start_date: '2033-01-03', class_schedule: '[{"weekday":1,"hour":18,"minute":0,"duration":90}]', ...over,
  };
}
/** Bodies of a class of centre 1 each naming one of centre 2's teacher, giáo vụ and room. */
async function classBodiesReachingCentre2(): Promise<Array<Record<string, unknown>>> {
  return [
    await classBody(1, { teacher_id: await newAccount('teacher', 2) }),
    await classBody(1, { academic_affair_id: await newAccount('academic_affair', 2) }),
    await classBody(1, { room_id: await newRoom(2) }),
  ];
}
async function newClass(centre: number): Promise<number> {
  return (await asAdmin('POST', '/learning/class/create', await classBody(centre))).class_id;
}
/** The first session of a fresh class of `centre`. */
async function newSession(centre: number): Promise<number> {
  const classId = await newClass(centre);
  const [row] = await t.database.db.select().from(classSchedules).where(eq(classSchedules.classId, classId)).orderBy(asc(classSchedules.scheduleDate)).limit(1);
  return row.scheduleId;
}
/** A seeded session that has taken place, matching `test`. */
async function pastSession(test: (row: typeof classSchedules.$inferSelect) => boolean): Promise<number> {
  const rows = await t.database.db.select().from(classSchedules).where(lt(classSchedules.scheduleDate, operatorToday()));
  const found = rows.find(test);
  if (!found) throw new Error('no seeded past session');
  return found.scheduleId;
}
async function sessionOf(test: (row: typeof classSchedules.$inferSelect) => boolean): Promise<number> {
  const found = (await t.database.db.select().from(classSchedules)).find(test);
  if (!found) throw new Error('no seeded session');
  return found.scheduleId;
}
const extraSession = async (centre: number): Promise<Req> => ({
  method: 'POST', url: '/learning/class-schedule', payload: { class_id: await newClass(centre), schedule_date: '2035-01-02', schedule_hour: 9, schedule_minute: 0 },
});
const moveOf = async (centre: number): Promise<Req> => ({
  method: 'PUT', url: '/learning/class-schedule', payload: { schedule_id: await newSession(centre), schedule_date: '2036-01-02', schedule_hour: 10, schedule_minute: 0 },
});
/** A substitute teacher of `centre` for the first session of a fresh class of `centre`. */
const substituteOf = async (centre: number, teacherCentre = centre): Promise<Req> => ({
  method: 'POST', url: '/learning/class-schedule/substitute', payload: { schedule_id: await newSession(centre), teacher_id: await newAccount('teacher', teacherCentre) },
});
/** The same for every session of a fresh class of `centre` in its first month. */
const substituteRangeOf = async (centre: number, teacherCentre = centre): Promise<Req> => ({
  method: 'POST', url: '/learning/class-schedule/substitute-range', payload: { class_id: await newClass(centre), teacher_id: await newAccount('teacher', teacherCentre), from: '2033-01-01', to: '2033-01-31' },
});
/** The same extra session request, as a make-up of session `missed` for student 1 (refused before the students are looked at). */
const makeUpOf = (req: Req, missed: number): Req => ({ ...req, payload: { ...(req.payload as object), makeup_of: missed, student_ids: [1] } });
/** The same session request, in a room of centre 2. */
const inRoomOfCentre2 = async (req: Req): Promise<Req> => ({ ...req, payload: { ...(req.payload as object), room_id: await newRoom(2) } });
const attendanceOf = (scheduleId: number): Req => ({ method: 'PUT', url: '/learning/class-schedule/is-attendance', payload: { schedule_id: scheduleId, attendance: [] } });
const holidayBody = (centre: number | null) => {
  slotSeq += 1;
  return { center_id: centre, date: `2040-${String(1 + (slotSeq % 12)).padStart(2, '0')}-${String(1 + Math.floor(slotSeq / 12)).padStart(2, '0')}`, name: `Nghỉ ${next()}` };
};
async function newHoliday(centre: number | null): Promise<number> {
  return (await asAdmin('POST', '/learning/holiday/create', holidayBody(centre))).holiday_id;
}
/** A row of the caller's centre or of every centre. */
const inAffairCentreOrAll = (row: Record<string, unknown>, who: SignedIn) => row.center_id === null || row.center_id === centreOf(who);
/** Class writes: staff only, a giáo vụ of centre 1 within it. */
const classWriter = { admin: ALLOWED, teacher: REFUSED, student: REFUSED, noPermissions: REFUSED, anonymous: UNAUTHENTICATED } as const;

// ---------------------------------------------------------------- competitions

/** Every event's centre (null: every centre's), loaded by the list requests to check a giáo vụ's rows. */
const eventCentres = new Map<number, number | null>();
async function loadEvents(): Promise<void> {
  for (const e of await t.database.db.select({ id: competitions.competitionId, centerId: competitions.centerId }).from(competitions)) eventCentres.set(e.id, e.centerId);
}
/** An event a giáo vụ reaches: their centre's or every centre's. */
const eventInReach = (id: unknown, who: SignedIn) => {
  const centre = eventCentres.get(id as number);
  return centre === null || centre === centreOf(who);
};
const eventBody = (centre: number | null) => ({ name: `Cuộc thi ma trận ${next()}`, start_date: '2031-03-01', end_date: '2031-03-31', status: 2, center_id: centre });
async function newEvent(centre: number | null): Promise<number> {
  return (await asAdmin('POST', '/competition/event/create', eventBody(centre))).competition_id;
}
const eventUpdate = async (centre: number | null, to = centre): Promise<Req> => ({
  method: 'PUT', url: '/competition/event/update', payload: { competition_id: await newEvent(centre), ...eventBody(to) },
});
/** A subject and a group for the examinees (made once). */
let competitionChoices: { topicId: number; typeId: number; topicName: string; typeName: string } | undefined;
async function choices() {
  if (!competitionChoices) {
    const topic = await asAdmin('POST', '/competition/topic/create', { name: 'Môn ma trận' });
    const type = await asAdmin('POST', '/competition/type/create', { name: 'Nhóm ma trận' });
    competitionChoices = { topicId: topic.topic_id, typeId: type.type_id, topicName: topic.name, typeName: type.name };
  }
  return competitionChoices;
}
const roundBody = (competitionId: number) => ({ competition_id: competitionId, name: `Vòng ${next()}`, order: 1, max_score: 100, pass_score: 50 });
async function newRound(centre: number | null): Promise<number> {
  return (await asAdmin('POST', '/competition/round/create', roundBody(await newEvent(centre)))).round_id;
}
const roundCreate = async (centre: number | null): Promise<Req> => ({ method: 'POST', url: '/competition/round/create', payload: roundBody(await newEvent(centre)) });
async function roundUpdate(centre: number | null): Promise<Req> {
  const event = await newEvent(centre);
  const round = (await asAdmin('POST', '/competition/round/create', roundBody(event))).round_id;
  return { method: 'PUT', url: '/competition/round/update', payload: { round_id: round, ...roundBody(event) } };
}
const examineeBody = async (competitionId: number) => {
  const { topicId, typeId } = await choices();
  return { competition_id: competitionId, full_name: `Thí sinh ${next()}`, topic_id: topicId, type_id: typeId };
};
async function newExaminee(centre: number | null): Promise<number> {
  return (await asAdmin('POST', '/competition/examinee/create', await examineeBody(await newEvent(centre)))).examinee_id;
}
const examineeCreate = async (centre: number | null): Promise<Req> => ({ method: 'POST', url: '/competition/examinee/create', payload: await examineeBody(await newEvent(centre)) });
async function examineeUpdate(centre: number | null): Promise<Req> {
  const body = await examineeBody(await newEvent(centre));
  const examinee = (await asAdmin('POST', '/competition/examinee/create', body)).examinee_id;
  return { method: 'PUT', url: '/competition/examinee/update', payload: { examinee_id: examinee, ...body } };
}
/** A grader assignment of a teacher of centre 2. */
const graderOfCentre2 = async () => [{ topic_id: (await choices()).topicId, user_id: await newAccount('teacher', 2) }];
/** The same examinee request, naming a student of centre 2. */
const withHcmStudent = (req: Req): Req => ({ ...req, payload: { ...(req.payload as object), user_id: fx.hcmStudent } });
/** An import of one examinee into a fresh event of `centre` (a multipart form). */
async function importInto(centre: number | null): Promise<Req> {
  const { topicName, typeName } = await choices();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Thí sinh');
  sheet.addRow(Object.values(EXAMINEE_SHEET_COLUMNS));
  sheet.addRow([`Thí sinh ${next()}`, '', '', '', '', topicName, typeName]);
  const form = new FormData();
  form.append('competition_id', String(await newEvent(centre)));
  form.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), 'thi-sinh.xlsx');
  return { method: 'POST', url: '/competition/examinee/import', payload: form };
}
/** The export of a fresh event of `centre` holding one examinee. */
async function exportOf(centre: number | null): Promise<Req> {
  const event = await newEvent(centre);
  await asAdmin('POST', '/competition/examinee/create', await examineeBody(event));
  return { method: 'GET', url: `/competition/examinee/export?competition_id=${event}` };
}

/** An account import (multipart) of one new student, into `centre` when given. */
async function accountImportForm(fields: Record<string, string>): Promise<FormData> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Học viên');
  sheet.addRow(ACCOUNT_SHEET_LAYOUT.student.map((column) => ACCOUNT_SHEET_COLUMNS[column]));
  sheet.addRow(['Học viên nhập', `mx.nhap.${next()}@trungtam.vn`, '0900000003']);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), 'hoc-vien.xlsx');
  return form;
}
const centreField = (centre?: number): Record<string, string> => (centre ? { center_id: String(centre) } : {});
const accountImportCheck = async (centre?: number): Promise<Req> => ({ method: 'POST', url: '/user/import/check', payload: await accountImportForm({ type: 'student', ...centreField(centre) }) });
/** The commit of a fresh file, with the plan of `who`'s own dry run of it (a stand-in when they get none). */
async function accountImportCommit(who: Who, centre?: number): Promise<Req> {
  const fields = { type: 'student', ...centreField(centre) };
  const book = await accountImportForm(fields);
  const file = book.get('file') as Blob;
  const dryRun = new FormData();
  for (const [name, value] of Object.entries(fields)) dryRun.append(name, value);
  dryRun.append('file', file, 'hoc-vien.xlsx');
  const res = await send(who, { method: 'POST', url: '/user/import/check', payload: dryRun });
  const plan: string = res.statusCode === 200 ? res.json().data.plan : '0'.repeat(64);
  book.append('plan', plan);
  return { method: 'POST', url: '/user/import/commit', payload: book };
}

/** A bank statement (csv) of one credit line of 1,000 đ, its description unique. */
function statementForm(fields: Record<string, string>, description = `Ma tran ${next()}`): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const today = operatorToday();
  const day = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
  form.append('file', new Blob([`Ngày giao dịch;Số tiền ghi có;Nội dung\n${day};1.000;${description}\n`]), 'sao-ke.csv');
  return form;
}
const STATEMENT_COLUMNS = { bank_key: '970436', date_column: 'Ngày giao dịch', amount_column: 'Số tiền ghi có', description_column: 'Nội dung' };
const statementImport = (): Req => ({ method: 'POST', url: '/learning/bank-statement/import', payload: statementForm(STATEMENT_COLUMNS) });
/** The centre of the orders the statement lines are assigned to. */
const lineOrderCentres = new Map<number, number | null>();
/** An unmatched line of a fresh statement of `centre`, imported by the administrator. */
async function unmatchedLine(centre: number): Promise<number> {
  const imported = await asAdmin('POST', '/learning/bank-statement/import', statementForm({ ...STATEMENT_COLUMNS, center_id: String(centre) }));
  return (await asAdmin('GET', `/learning/bank-statement/lines?statement_id=${imported.statement_id}`)).rows[0].line_id;
}
async function lineAssign(centre: number, enrollmentId: number): Promise<Req> {
  const orderId = await orderOf(enrollmentId);
  lineOrderCentres.set(orderId, enrollmentId === fx.hnEnrollment ? fx.hnClass.center_id : fx.hcmClass.center_id);
  return { method: 'POST', url: '/learning/bank-statement/line/assign', payload: { line_id: await unmatchedLine(centre), order_id: orderId } };
}
const lineIgnore = async (centre: number): Promise<Req> => ({ method: 'POST', url: '/learning/bank-statement/line/ignore', payload: { line_id: await unmatchedLine(centre), reason: 'Không phải học phí' } });
/** A line of the caller's centre's statements, or assigned to an order of their centre. */
const lineInAffairCentre = (row: Record<string, unknown>, who: SignedIn) =>
  row.center_id === centreOf(who) || lineOrderCentres.get((row.order as { order_id: number } | null)?.order_id ?? 0) === centreOf(who);

// ---------------------------------------------------------------- the matrix

const MATRIX: Record<string, RouteCase> = {
  'GET /health': { request: () => ({ method: 'GET', url: '/health' }), ...publicRoute },
  'GET /ready': { request: () => ({ method: 'GET', url: '/ready' }), ...publicRoute },

  // ---- sign-in and sign-up
  'POST /api/v1/auth/login': {
    request: (who) => ({
      method: 'POST', url: '/auth/login',
      payload: { email: who === 'anonymous' ? DEMO_ACCOUNTS.student : me[who].email, password: DEMO_PASSWORD },
    }),
    ...publicRoute,
  },
  'GET /api/v1/auth/registration-mode': { request: () => ({ method: 'GET', url: '/auth/registration-mode' }), ...publicRoute },
  'POST /api/v1/auth/register': {
    // without a token: self sign-up; with one: staff creation (User Create)
    request: (who) =>
      who === 'anonymous'
        ? { method: 'POST', url: '/auth/register', payload: { email: `mx.tu.dang.ky.${next()}@gmail.com`, firstname: 'Minh', lastname: 'Trần', password: 'hoclaptot2026' } }
        : staffCreate('student', 4, 0),
    admin: ALLOWED,
    academicAffair: scoped({
      data: (data, who) => (data.data as Me).center_id === centreOf(who),
      outside: () => [staffCreate('administrator', 1, 0)],
      references: () => [staffCreate('teacher', 3, 2)],
    }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: ALLOWED,
  },
  // ---- account import: User Create and Update; a giáo vụ's accounts land in their centre, another centre is out of reach
  'GET /api/v1/user/import/template': { request: () => ({ method: 'GET', url: '/user/import/template?type=student' }), ...staffOnly },
  'POST /api/v1/user/import/check': {
    request: () => accountImportCheck(),
    ...staffOnly,
    academicAffair: scoped({ data: (data) => (data as { counts: { create: number } }).counts.create === 1, references: async () => [await accountImportCheck(2)] }),
  },
  'POST /api/v1/user/import/commit': {
    request: (who) => accountImportCommit(who),
    ...staffOnly,
    academicAffair: scoped({ data: (data) => (data as { created: number }).created === 1, references: async (who) => [await accountImportCommit(who, 2)] }),
  },
  'POST /api/v1/auth/forgot-password': { request: () => ({ method: 'POST', url: '/auth/forgot-password', payload: { email: fx.resetEmail } }), ...publicRoute },
  'POST /api/v1/auth/reset-password': {
    request: async () => {
      const token = randomBytes(24).toString('base64url');
      await t.database.db.insert(passwordResets).values({
        userId: fx.resetTarget, tokenHash: createHash('sha256').update(token).digest('hex'), expiresAt: new Date(Date.now() + 60_000),
      });
      return { method: 'POST', url: '/auth/reset-password', payload: { token, password: 'matkhau789' } };
    },
    ...publicRoute,
  },

  'POST /api/v1/auth/logout': {
    // a session of its own, so that the caller's usual token lives on
    request: async (who) => ({ method: 'POST', url: '/auth/logout', ...(who === 'anonymous' ? {} : { token: await login(t.app, me[who].email) }) }),
    ...everyoneOwn({ data: (data) => data.result === true }),
  },

  // ---- the caller's own account
  'GET /api/v1/user/get-by-token': { request: () => ({ method: 'GET', url: '/user/get-by-token' }), ...everyoneOwn({ data: isMe }) },
  'GET /api/v1/user/profile': { request: () => ({ method: 'GET', url: '/user/profile' }), ...everyoneOwn({ data: isMe }) },
  'PUT /api/v1/user/update-profile': {
    request: (who) => ({
      method: 'PUT', url: '/user/update-profile',
      payload: who === 'anonymous' ? { name: 'Ai đó', phone_number: '0900000003' } : { name: me[who].name, phone_number: me[who].phone_number ?? '0900000003' },
    }),
    ...everyoneOwn({ data: isMe }),
  },
  'POST /api/v1/user/change-password': {
    request: (who) => {
      const email = who === 'anonymous' ? DEMO_ACCOUNTS.student : me[who].email;
      return { method: 'POST', url: '/user/change-password', payload: { email, password: DEMO_PASSWORD, new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD } };
    },
    ...everyoneOwn({
      data: (data) => data.result === true,
      // another account's email: refused before the password is even checked
      outside: (who) => [{
        method: 'POST', url: '/user/change-password',
        payload: { email: who === 'admin' ? DEMO_ACCOUNTS.student : DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD, new_password: 'matkhau000', confirm_password: 'matkhau000' },
      }],
    }),
    after: (who, res) => {
      tokens[who] = res.json().data.auth.accessToken;
    },
  },

  // ---- accounts
  'GET /api/v1/user/list': {
    request: () => ({ method: 'GET', url: '/user/list?limit=1000' }),
    admin: ALLOWED,
    // (a self-registered student waiting for approval has no centre yet: every giáo vụ's queue)
    academicAffair: scoped({ rows: (row, who) => (inAffairCentre(row, who) || (row.center_id === null && row.status === 2 && row.type === 'student')) && row.type !== 'administrator' }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'GET /api/v1/user/show/:id': {
    // teachers, students and the role without permissions ask for their own account: still refused
    request: (who) => ({ method: 'GET', url: `/user/show/${who === 'admin' || who === 'academicAffair' ? fx.hnStudent : ownId(who)}` }),
    admin: ALLOWED,
    academicAffair: scoped({
      data: (data, who) => inAffairCentre(data, who),
      outside: () => [{ method: 'GET', url: `/user/show/${fx.hcmStudent}` }, { method: 'GET', url: `/user/show/${me.admin.id}` }],
    }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'PUT /api/v1/user/update': {
    request: (who) => updateOf(who === 'admin' || who === 'academicAffair' ? fx.hnTeacher : ownId(who)),
    admin: ALLOWED,
    academicAffair: scoped({
      data: (data, who) => inAffairCentre(data, who),
      // another giáo vụ (even of the same centre), another centre's student, an administrator
      outside: async () => [await updateOf(fx.otherAffair), await updateOf(fx.hcmStudent), await updateOf(me.admin.id)],
      // one's own centre's teacher moved to another centre
      references: async () => [withCentre(await updateOf(fx.hnTeacher), 2)],
    }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  // ---- the account lists' bulk actions: per row as the single route (another centre's account refused in the answer)
  'POST /api/v1/user/bulk-lock': {
    request: async (who) => bulkCall('/user/bulk-lock', { done: [await newAccount('student', 1)], refused: who === 'academicAffair' ? [fx.hcmStudent, me.admin.id] : [] }),
    admin: ALLOWED,
    academicAffair: bulkInReach,
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'POST /api/v1/user/bulk-unlock': {
    request: async (who) => {
      const locked = await newAccount('student', 1);
      await asAdmin('POST', '/user/bulk-lock', { ids: [locked] });
      return bulkCall('/user/bulk-unlock', { done: [locked], refused: who === 'academicAffair' ? [fx.hcmStudent] : [] });
    },
    admin: ALLOWED,
    academicAffair: bulkInReach,
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'POST /api/v1/user/bulk-message': {
    request: (who) => bulkCall('/user/bulk-message', { done: [fx.hnStudent], refused: who === 'academicAffair' ? [fx.hcmStudent, me.admin.id] : [] }, { name: 'Tin ma trận', message: 'Nội dung' }),
    admin: ALLOWED,
    academicAffair: bulkInReach,
    ...notificationStaffOnly,
  },
  'POST /api/v1/user/bulk-enroll': {
    request: async (who) =>
      bulkCall(
        '/user/bulk-enroll',
        { done: [await newAccount('student', 1)], refused: who === 'academicAffair' ? [fx.hcmStudent] : [] },
        { class_id: fx.hnClass.class_id, discount_id: discountFor(fx.hnClass) },
      ),
    admin: ALLOWED,
    academicAffair: scoped({
      ...bulkInReach,
      // another centre's class: a 400 for the whole call
      references: async () => [
        { method: 'POST', url: '/user/bulk-enroll', payload: { ids: [await newAccount('student', 1)], class_id: fx.hcmClass.class_id, discount_id: discountFor(fx.hcmClass) } },
      ],
    }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'PUT /api/v1/user/update-password': {
    request: (who) => passwordOf(who === 'admin' || who === 'academicAffair' ? fx.hnTeacher : ownId(who)),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [passwordOf(fx.otherAffair), passwordOf(fx.hcmStudent), passwordOf(me.admin.id)] }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'POST /api/v1/user/end-sessions/:id': {
    request: (who) => ({ method: 'POST', url: `/user/end-sessions/${who === 'admin' || who === 'academicAffair' ? fx.hnTeacher : ownId(who)}` }),
    admin: ALLOWED,
    academicAffair: scoped({
      outside: () => [fx.otherAffair, fx.hcmStudent, me.admin.id].map((id): Req => ({ method: 'POST', url: `/user/end-sessions/${id}` })),
    }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'DELETE /api/v1/user/delete/:id': {
    request: async () => ({ method: 'DELETE', url: `/user/delete/${await newAccount('student', 1)}` }),
    admin: scoped({ outside: () => [{ method: 'DELETE', url: `/user/delete/${me.admin.id}` }] }),
    academicAffair: scoped({
      outside: (who) => [fx.otherAffair, fx.hcmStudent, me.admin.id, me[who].id].map((id): Req => ({ method: 'DELETE', url: `/user/delete/${id}` })),
    }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  // the "Chờ duyệt" queue: every giáo vụ reaches a waiting account (no centre yet), and approves into their own centre only
  'POST /api/v1/user/approve': {
    request: async () => ({ method: 'POST', url: '/user/approve', payload: { user_id: await newPendingAccount(), center_id: 1 } }),
    admin: ALLOWED,
    academicAffair: scoped({
      data: (data, who) => data.center_id === centreOf(who),
      outside: () => [{ method: 'POST', url: '/user/approve', payload: { user_id: fx.hcmStudent, center_id: 1 } }],
      references: async () => [{ method: 'POST', url: '/user/approve', payload: { user_id: await newPendingAccount(), center_id: 2 } }],
    }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'POST /api/v1/user/reject': {
    request: async () => ({ method: 'POST', url: '/user/reject', payload: { user_id: await newPendingAccount() } }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'POST', url: '/user/reject', payload: { user_id: fx.hcmStudent } }] }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'GET /api/v1/user/export': {
    request: () => ({ method: 'GET', url: '/user/export?type=teacher' }),
    admin: ALLOWED,
    academicAffair: scoped({
      raw: async (res) => {
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const sheet = book.worksheets[0];
        const centreColumn = (sheet.getRow(1).values as string[]).indexOf('Trung tâm');
        const centres = new Set<unknown>();
        sheet.eachRow((row, n) => {
          if (n > 1) centres.add(row.getCell(centreColumn).value);
        });
        return sheet.rowCount > 1 && [...centres].join() === 'Trung tâm Hà Nội';
      },
    }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },

  // ---- roles, audit log, areas
  'GET /api/v1/system/role/list': {
    request: () => ({ method: 'GET', url: '/system/role/list?limit=1000' }),
    admin: ALLOWED,
    // no System GetAllRole, but User Create/Update: the roles of the account types a giáo vụ manages
    academicAffair: scoped({ rows: (row) => ['academic_affair', 'teacher', 'student'].includes(row.guard_name as string) }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'PUT /api/v1/system/self-signup': { request: () => ({ method: 'PUT', url: '/system/self-signup', payload: { mode: 'approval' } }), ...adminOnly },
  'GET /api/v1/system/role/show/:id': { request: () => ({ method: 'GET', url: '/system/role/show/3' }), ...adminOnly },
  'POST /api/v1/system/role/create': {
    request: () => ({ method: 'POST', url: '/system/role/create', payload: { name: `Vai trò ${next()}`, guard_name: 'teacher', permissions: [] } }),
    ...adminOnly,
  },
  'PUT /api/v1/system/role/update': {
    request: async () => ({ method: 'PUT', url: '/system/role/update', payload: { id: await newRole(), name: `Vai trò sửa ${next()}`, guard_name: 'teacher', permissions: [] } }),
    ...adminOnly,
  },
  'DELETE /api/v1/system/role/delete/:id': { request: async () => ({ method: 'DELETE', url: `/system/role/delete/${await newRole()}` }), ...adminOnly },
  'GET /api/v1/system/audit-log/list': { request: () => ({ method: 'GET', url: '/system/audit-log/list' }), ...adminOnly },
  // every signed-in user gets a manifest: the areas their permissions open
  'GET /api/v1/system/remote/manifest': {
    request: () => ({ method: 'GET', url: '/system/remote/manifest' }),
    ...publicRoute,
    anonymous: UNAUTHENTICATED,
  },
  // the registry of areas: administrators (System ManageAreas); each change starts from a fresh build
  'GET /api/v1/system/remote/list': { request: () => ({ method: 'GET', url: '/system/remote/list' }), ...adminOnly },
  'POST /api/v1/system/remote/release': {
    request: () => {
      const version = `0.9.0-${next()}`;
      return { method: 'POST', url: '/system/remote/release', payload: { area: 'users', version, entry: fx.builds.entry('users', version) } };
    },
    ...adminOnly,
  },
  'PUT /api/v1/system/remote/rollout': {
    request: async () => ({ method: 'PUT', url: '/system/remote/rollout', payload: { area: 'users', candidate_version: await newBuild(), rollout: { percent: 30, types: ['teacher'] } } }),
    ...adminOnly,
  },
  'POST /api/v1/system/remote/promote': { request: async () => (await newCandidate(), { method: 'POST', url: '/system/remote/promote', payload: { area: 'users' } }), ...adminOnly },
  'POST /api/v1/system/remote/rollback': { request: async () => (await newCandidate(), { method: 'POST', url: '/system/remote/rollback', payload: { area: 'users' } }), ...adminOnly },
  'PUT /api/v1/system/remote/enable': { request: () => ({ method: 'PUT', url: '/system/remote/enable', payload: { area: 'competition', enabled: true } }), ...adminOnly },
  'GET /api/v1/system/remote/preview': { request: () => ({ method: 'GET', url: `/system/remote/preview?user_id=${me.teacher.id}` }), ...adminOnly },
  // the area health of an area and its rollout guard: administrators (System ManageAreas)
  'GET /api/v1/system/remote/health': { request: () => ({ method: 'GET', url: '/system/remote/health?area=users' }), ...adminOnly },
  'PUT /api/v1/system/remote/guard': {
    request: () => ({
      method: 'PUT',
      url: '/system/remote/guard',
      payload: { area: 'competition', settings: { paused: false, min_page_views: 50, error_rate_floor: 0.02, error_rate_factor: 2, min_inp_samples: 50, inp_worse_by: 0.5 } },
    }),
    ...adminOnly,
  },
  // every signed-in user's shell reports area health with its session's proof (no bearer token: sendBeacon
  // sends none); without a valid proof (the anonymous column sends a forged one), 401
  'POST /api/v1/telemetry': {
    request: async (who) => ({
      method: 'POST',
      url: '/telemetry',
      payload: {
        proof: who === 'anonymous' ? 't1.1.forged.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' : (await send(who, { method: 'GET', url: '/system/remote/manifest' })).json().data.telemetry_proof,
        events: [{ kind: 'page_view', area: 'users', version: '0.0.0', cohort: 'stable', route: '/users/list', browser: 'firefox' }],
      },
    }),
    ...publicRoute,
    anonymous: UNAUTHENTICATED,
  },

  // ---- centres, classes, enrolments, discounts, sessions
  'GET /api/v1/learning/center/list': {
    request: () => ({ method: 'GET', url: '/learning/center/list?limit=1000' }),
    ...staffOnly,
    // a giáo vụ of a centre sees that centre only
    academicAffair: scoped({ rows: inAffairCentre }),
  },
  'GET /api/v1/learning/center/show/:id': {
    request: (who) => ({ method: 'GET', url: `/learning/center/show/${who === 'academicAffair' ? centreOf(who) : 1}` }),
    ...staffOnly,
    academicAffair: scoped({ data: inAffairCentre, outside: () => [{ method: 'GET', url: `/learning/center/show/${fx.hcmClass.center_id}` }] }),
  },
  'POST /api/v1/learning/center/create': {
    request: () => ({ method: 'POST', url: '/learning/center/create', payload: { name: `Trung tâm ${next()}`, status: 1 } }),
    ...adminOnly,
  },
  'PUT /api/v1/learning/center/update': {
    request: async () => ({ method: 'PUT', url: '/learning/center/update', payload: { center_id: await newCentre(), name: `Trung tâm ${next()}`, status: 2 } }),
    ...adminOnly,
  },
  'DELETE /api/v1/learning/center/delete/:id': {
    request: async () => ({ method: 'DELETE', url: `/learning/center/delete/${await newCentre()}` }),
    ...adminOnly,
  },
  'GET /api/v1/learning/class/list': {
    request: () => ({ method: 'GET', url: '/learning/class/list?limit=1000' }),
    admin: ALLOWED,
    academicAffair: scoped({ rows: inAffairCentre }),
    teacher: scoped({ rows: (row, who) => row.teacher_id === me[who].id }),
    student: scoped({ rows: (row) => fx.studentClasses.has(row.class_id as number) }),
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'GET /api/v1/learning/class/show/:id': {
    request: (who) => {
      const cls = { academicAffair: fx.hnClass, teacher: fx.teacherClass, student: fx.studentClass }[who as string] ?? fx.hcmClass;
      return { method: 'GET', url: `/learning/class/show/${cls.class_id}` };
    },
    admin: ALLOWED,
    academicAffair: scoped({ data: inAffairCentre, outside: () => [{ method: 'GET', url: `/learning/class/show/${fx.hcmClass.class_id}` }] }),
    teacher: scoped({ data: (data, who) => data.teacher_id === me[who].id, outside: () => [{ method: 'GET', url: `/learning/class/show/${fx.otherTeachersClass.class_id}` }] }),
    student: scoped({ data: (data) => fx.studentClasses.has(data.class_id as number), outside: () => [{ method: 'GET', url: `/learning/class/show/${fx.notStudentsClass.class_id}` }] }),
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'GET /api/v1/learning/class-enrollment/list': {
    request: () => ({ method: 'GET', url: '/learning/class-enrollment/list?limit=1000' }),
    admin: ALLOWED,
    // a giáo vụ filtering by another centre's class simply gets no rows
    academicAffair: scoped({ rows: (row, who) => fx.classes.get(row.class_id as number)?.center_id === centreOf(who) }),
    teacher: scoped({
      rows: (row, who) => fx.classes.get(row.class_id as number)?.teacher_id === me[who].id,
      outside: () => [
        { method: 'GET', url: `/learning/class-enrollment/list?user_id=${fx.hnStudent}` },
        { method: 'GET', url: `/learning/class-enrollment/list?class_id=${fx.otherTeachersClass.class_id}` },
      ],
    }),
    student: scoped({
      rows: (row, who) => row.user_id === me[who].id,
      outside: () => [
        { method: 'GET', url: `/learning/class-enrollment/list?user_id=${me.teacher.id}` },
        { method: 'GET', url: `/learning/class-enrollment/list?class_id=${fx.notStudentsClass.class_id}` },
      ],
    }),
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'POST /api/v1/learning/class-enrollment/create': {
    request: async () => enrol(await newAccount('student', 1), fx.hnClass),
    admin: ALLOWED,
    academicAffair: scoped({ references: async () => [enrol(fx.hcmStudent, fx.hnClass), enrol(await newAccount('student', 1), fx.hcmClass)] }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'PUT /api/v1/learning/class-enrollment/update': {
    request: () => enrolmentUpdate(fx.hnEnrollment, fx.hnClass),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [enrolmentUpdate(fx.hcmEnrollment, fx.hcmClass)] }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'DELETE /api/v1/learning/class-enrollment/:enrollment_id': {
    request: async () => ({ method: 'DELETE', url: `/learning/class-enrollment/${await newEnrollment(fx.hnClass)}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'DELETE', url: `/learning/class-enrollment/${fx.hcmEnrollment}` }] }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  // ---- cancelling (with what it gives back), transferring and renewing an enrolment
  'GET /api/v1/learning/class-enrollment/cancel-preview/:enrollment_id': {
    request: () => ({ method: 'GET', url: `/learning/class-enrollment/cancel-preview/${fx.hnEnrollment}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'GET', url: `/learning/class-enrollment/cancel-preview/${fx.hcmEnrollment}` }] }),
    ...moneyRefused,
  },
  'POST /api/v1/learning/class-enrollment/cancel': {
    request: async () => cancelOf(await newEnrollment(fx.hnClass)),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [cancelOf(fx.hcmEnrollment)] }),
    ...moneyRefused,
  },
  'GET /api/v1/learning/class-enrollment/transfer-preview': {
    request: () => ({ method: 'GET', url: `/learning/class-enrollment/transfer-preview?enrollment_id=${fx.hnEnrollment}&class_id=${otherClassOf(fx.hnClass).class_id}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'GET', url: `/learning/class-enrollment/transfer-preview?enrollment_id=${fx.hcmEnrollment}&class_id=${otherClassOf(fx.hcmClass).class_id}` }] }),
    ...moneyRefused,
  },
  'POST /api/v1/learning/class-enrollment/transfer': {
    request: async () => transferOf(await newEnrollment(fx.hnClass), otherClassOf(fx.hnClass)),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [transferOf(fx.hcmEnrollment, otherClassOf(fx.hcmClass))] }),
    ...moneyRefused,
  },
  'POST /api/v1/learning/class-enrollment/renew': {
    request: async () => ({ method: 'POST', url: '/learning/class-enrollment/renew', payload: { enrollment_id: await newEnrollment(fx.hnClass) } }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'POST', url: '/learning/class-enrollment/renew', payload: { enrollment_id: fx.hcmEnrollment } }] }),
    ...moneyRefused,
  },
  // ---- the lesson ledger of an enrolment: read as the enrolments are; adjusted with a permission of its own
  'GET /api/v1/learning/class-enrollment/ledger/:enrollment_id': {
    request: async (who) => ledgerOf(who === 'teacher' ? await newEnrollment(fx.teacherClass) : who === 'student' ? await enrolmentOfStudent(me.student.id) : fx.hnEnrollment),
    admin: ALLOWED,
    academicAffair: scoped({ data: (data) => data.enrollment_id === fx.hnEnrollment, outside: () => [ledgerOf(fx.hcmEnrollment)] }),
    teacher: scoped({ outside: async () => [ledgerOf(await newEnrollment(fx.otherTeachersClass))] }),
    student: scoped({ data: (data, who) => (data.user as { id: number }).id === me[who].id, outside: () => [ledgerOf(fx.hnEnrollment)] }),
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'GET /api/v1/learning/class-enrollment/low-balance': {
    request: () => ({ method: 'GET', url: '/learning/class-enrollment/low-balance?limit=100' }),
    admin: ALLOWED,
    academicAffair: scoped({ rows: (row, who) => (row.center as { center_id: number } | null)?.center_id === centreOf(who) }),
    teacher: scoped({ minRows: 0, rows: (row, who) => fx.classes.get((row.class as { class_id: number }).class_id)?.teacher_id === me[who].id }),
    student: scoped({ minRows: 0, rows: (row, who) => (row.user as { id: number }).id === me[who].id }),
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'POST /api/v1/learning/class-enrollment/adjust-lessons': {
    request: () => lessonAdjustment(fx.hnEnrollment),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [lessonAdjustment(fx.hcmEnrollment)] }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  // ---- payments of orders: staff with the Payment permission, a giáo vụ on their centre's orders; no teacher or student
  'GET /api/v1/learning/order/show/:order_id': {
    request: async () => ({ method: 'GET', url: `/learning/order/show/${await orderOf(fx.hnEnrollment)}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: async () => [{ method: 'GET', url: `/learning/order/show/${await orderOf(fx.hcmEnrollment)}` }] }),
    ...moneyRefused,
  },
  'POST /api/v1/learning/order/payment/create': {
    request: async () => paymentOf(await orderOf(fx.hnEnrollment)),
    admin: ALLOWED,
    academicAffair: scoped({ outside: async () => [paymentOf(await orderOf(fx.hcmEnrollment))] }),
    ...moneyRefused,
  },
  'POST /api/v1/learning/order/payment/void': {
    request: async () => ({ method: 'POST', url: '/learning/order/payment/void', payload: { payment_id: await paidOnce(fx.hnEnrollment), reason: 'Thu nhầm' } }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: async () => [{ method: 'POST', url: '/learning/order/payment/void', payload: { payment_id: await paidOnce(fx.hcmEnrollment), reason: 'Thu nhầm' } }] }),
    ...moneyRefused,
  },
  'GET /api/v1/learning/order/credit/:user_id': {
    request: () => ({ method: 'GET', url: `/learning/order/credit/${fx.hnStudent}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'GET', url: `/learning/order/credit/${fx.hcmStudent}` }] }),
    ...moneyRefused,
  },
  'GET /api/v1/learning/order/debts': {
    request: () => ({ method: 'GET', url: '/learning/order/debts?limit=100' }),
    admin: ALLOWED,
    academicAffair: scoped({ rows: (row, who) => (row.center as { center_id: number } | null)?.center_id === centreOf(who) }),
    ...moneyRefused,
  },
  'GET /api/v1/learning/order/debts/export': {
    request: () => ({ method: 'GET', url: '/learning/order/debts/export' }),
    admin: ALLOWED,
    academicAffair: ALLOWED,
    ...moneyRefused,
  },
  'GET /api/v1/learning/order/revenue': {
    request: () => ({ method: 'GET', url: `/learning/order/revenue?from=${operatorToday().slice(0, 8)}01&to=${operatorToday()}` }),
    admin: ALLOWED,
    // the centres of a giáo vụ's report are their own
    academicAffair: scoped({ data: (data, who) => (data.centers as Array<{ center: { center_id: number } | null }>).every((row) => row.center?.center_id === centreOf(who)) }),
    ...moneyRefused,
  },
  'GET /api/v1/learning/order/revenue/export': {
    request: () => ({ method: 'GET', url: `/learning/order/revenue/export?from=${operatorToday().slice(0, 8)}01&to=${operatorToday()}&group=month` }),
    admin: ALLOWED,
    academicAffair: ALLOWED,
    ...moneyRefused,
  },
  // ---- the operator's insights (Insight): staff; a giáo vụ's figures are of their centre's classes only
  'GET /api/v1/learning/insights/attendance': {
    request: () => ({ method: 'GET', url: '/learning/insights/attendance' }),
    admin: ALLOWED,
    academicAffair: scoped({ data: (data, who) => (data.classes as Array<{ class_id: number }>).every((row) => fx.classes.get(row.class_id)?.center_id === centreOf(who)) }),
    ...moneyRefused,
  },
  'GET /api/v1/learning/insights/attendance/export': {
    request: () => ({ method: 'GET', url: '/learning/insights/attendance/export' }),
    admin: ALLOWED,
    academicAffair: ALLOWED,
    ...moneyRefused,
  },
  'GET /api/v1/learning/insights/money': {
    request: () => ({ method: 'GET', url: '/learning/insights/money' }),
    admin: ALLOWED,
    academicAffair: ALLOWED,
    ...moneyRefused,
  },
  'GET /api/v1/learning/insights/money/export': {
    request: () => ({ method: 'GET', url: '/learning/insights/money/export' }),
    admin: ALLOWED,
    academicAffair: ALLOWED,
    ...moneyRefused,
  },
  'GET /api/v1/learning/insights/capacity': {
    request: () => ({ method: 'GET', url: '/learning/insights/capacity' }),
    admin: ALLOWED,
    academicAffair: scoped({ data: (data, who) => (data.centres as Array<{ center_id: number }>).every((row) => row.center_id === centreOf(who)) }),
    ...moneyRefused,
  },
  'GET /api/v1/learning/insights/capacity/export': {
    request: () => ({ method: 'GET', url: '/learning/insights/capacity/export' }),
    admin: ALLOWED,
    academicAffair: ALLOWED,
    ...moneyRefused,
  },
  'GET /api/v1/learning/insights/enrolment': {
    request: () => ({ method: 'GET', url: '/learning/insights/enrolment' }),
    admin: ALLOWED,
    academicAffair: scoped({ data: (data, who) => (data.classes as Array<{ class_id: number }>).every((row) => fx.classes.get(row.class_id)?.center_id === centreOf(who)) }),
    ...moneyRefused,
  },
  'GET /api/v1/learning/insights/enrolment/export': {
    request: () => ({ method: 'GET', url: '/learning/insights/enrolment/export' }),
    admin: ALLOWED,
    academicAffair: ALLOWED,
    ...moneyRefused,
  },
  'GET /api/v1/learning/order/payment/receipt/:payment_id': {
    request: async () => ({ method: 'GET', url: `/learning/order/payment/receipt/${await paidOnce(fx.hnEnrollment)}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: async () => [{ method: 'GET', url: `/learning/order/payment/receipt/${await paidOnce(fx.hcmEnrollment)}` }] }),
    ...moneyRefused,
  },
  // ---- bank statements: staff with the BankStatement permission, a giáo vụ within their centre's statements and orders
  'POST /api/v1/learning/bank-statement/preview': {
    request: () => ({ method: 'POST', url: '/learning/bank-statement/preview', payload: statementForm({ bank_key: '970436' }) }),
    admin: ALLOWED,
    academicAffair: ALLOWED,
    ...moneyRefused,
  },
  'POST /api/v1/learning/bank-statement/import': {
    request: statementImport,
    admin: ALLOWED,
    academicAffair: ALLOWED,
    ...moneyRefused,
  },
  'GET /api/v1/learning/bank-statement/lines': {
    request: async () => {
      await unmatchedLine(1);
      await unmatchedLine(2);
      await send('admin', await lineAssign(2, fx.hnEnrollment));
      return { method: 'GET', url: '/learning/bank-statement/lines?limit=1000' };
    },
    admin: ALLOWED,
    academicAffair: scoped({ rows: lineInAffairCentre }),
    ...moneyRefused,
  },
  'POST /api/v1/learning/bank-statement/line/assign': {
    request: () => lineAssign(1, fx.hnEnrollment),
    admin: ALLOWED,
    academicAffair: scoped({ outside: async () => [await lineAssign(1, fx.hcmEnrollment), await lineAssign(2, fx.hnEnrollment)] }),
    ...moneyRefused,
  },
  'POST /api/v1/learning/bank-statement/line/ignore': {
    request: () => lineIgnore(1),
    admin: ALLOWED,
    academicAffair: scoped({ outside: async () => [await lineIgnore(2)] }),
    ...moneyRefused,
  },
  'GET /api/v1/discounts': { request: () => ({ method: 'GET', url: '/discounts' }), ...staffOnly },
  'GET /api/v1/discounts/:id': { request: () => ({ method: 'GET', url: `/discounts/${discountFor(fx.hnClass)}` }), ...staffOnly },
  'POST /api/v1/discounts': { request: () => ({ method: 'POST', url: '/discounts', payload: { name: `Ưu đãi ${next()}`, discount_percent: 5 } }), ...adminOnly },
  'PUT /api/v1/discounts': { request: async () => ({ method: 'PUT', url: '/discounts', payload: { discount_id: await newDiscount(), discount_percent: 7 } }), ...adminOnly },
  'DELETE /api/v1/discounts/:id': { request: async () => ({ method: 'DELETE', url: `/discounts/${await newDiscount()}` }), ...adminOnly },
  'POST /api/v1/discounts/bulk-delete': { request: async () => ({ method: 'POST', url: '/discounts/bulk-delete', payload: { ids: [await newDiscount()] } }), ...adminOnly },
  'POST /api/v1/discounts/restore': {
    request: async () => {
      const id = await newDiscount();
      await asAdmin('DELETE', `/discounts/${id}`);
      return { method: 'POST', url: '/discounts/restore', payload: { ids: [id] } };
    },
    ...adminOnly,
  },

  // ---- rooms: a giáo vụ of a centre manages the rooms of that centre
  'GET /api/v1/learning/room/list': {
    request: () => ({ method: 'GET', url: '/learning/room/list?limit=1000' }),
    ...staffOnly,
    academicAffair: scoped({ rows: inAffairCentre }),
  },
  'GET /api/v1/learning/room/show/:id': {
    request: async (who) => ({ method: 'GET', url: `/learning/room/show/${await newRoom(who === 'academicAffair' ? centreOf(who)! : 1)}` }),
    ...staffOnly,
    academicAffair: scoped({ data: inAffairCentre, outside: async () => [{ method: 'GET', url: `/learning/room/show/${await newRoom(fx.hcmClass.center_id!)}` }] }),
  },
  'POST /api/v1/learning/room/create': {
    request: (who) => ({ method: 'POST', url: '/learning/room/create', payload: roomBody(who === 'academicAffair' ? centreOf(who)! : 1) }),
    ...staffOnly,
    // another centre is as a missing one
    academicAffair: scoped({ data: inAffairCentre, references: () => [{ method: 'POST', url: '/learning/room/create', payload: roomBody(fx.hcmClass.center_id!) }] }),
  },
  'PUT /api/v1/learning/room/update': {
    request: async (who) => {
      const centre = who === 'academicAffair' ? centreOf(who)! : 1;
      return { method: 'PUT', url: '/learning/room/update', payload: { room_id: await newRoom(centre), ...roomBody(centre) } };
    },
    ...staffOnly,
    academicAffair: scoped({
      data: inAffairCentre,
      // another centre's room; moving one's own room to another centre is as to a missing one
      outside: async () => [{ method: 'PUT', url: '/learning/room/update', payload: { room_id: await newRoom(fx.hcmClass.center_id!), ...roomBody(fx.hcmClass.center_id!) } }],
      references: async (who) => [{ method: 'PUT', url: '/learning/room/update', payload: { room_id: await newRoom(centreOf(who)!), ...roomBody(fx.hcmClass.center_id!) } }],
    }),
  },
  'DELETE /api/v1/learning/room/delete/:id': {
    request: async (who) => ({ method: 'DELETE', url: `/learning/room/delete/${await newRoom(who === 'academicAffair' ? centreOf(who)! : 1)}` }),
    ...staffOnly,
    academicAffair: scoped({ outside: async () => [{ method: 'DELETE', url: `/learning/room/delete/${await newRoom(fx.hcmClass.center_id!)}` }] }),
  },

  'POST /api/v1/learning/room/bulk-delete': {
    request: async (who) =>
      who === 'academicAffair'
        ? bulkCall('/learning/room/bulk-delete', { done: [await newRoom(centreOf(who)!)], refused: [await newRoom(fx.hcmClass.center_id!)] })
        : bulkCall('/learning/room/bulk-delete', { done: [await newRoom(1)] }),
    ...staffOnly,
    // another centre's room is refused in the answer
    academicAffair: bulkInReach,
  },
  'POST /api/v1/learning/room/restore': {
    request: async (who) =>
      who === 'academicAffair'
        ? bulkCall('/learning/room/restore', { done: [await deletedRoom(centreOf(who)!)], refused: [await deletedRoom(fx.hcmClass.center_id!)] })
        : bulkCall('/learning/room/restore', { done: [await deletedRoom(1)] }),
    ...staffOnly,
    academicAffair: bulkInReach,
  },

  // ---- the course catalogue's settings: the administrator's (no other demo role holds them)
  ...crudCases('/product/product-type', adminOnly, { undo: true }),
  ...crudCases('/product/vendor', adminOnly, { undo: true }),
  ...crudCases('/product/variant-group', adminOnly, { undo: true }),
  ...crudCases('/product/variant', adminOnly, { body: async () => ({ variant_group_id: await newVariantGroup(), name: `Mục ${next()}` }), undo: true }),
  // ---- classes with their sessions: staff write them, a giáo vụ of a centre within it
  'POST /api/v1/learning/class/preview-schedule': {
    request: async (who) => ({ method: 'POST', url: '/learning/class/preview-schedule', payload: await classBody(1) }),
    ...classWriter,
    academicAffair: scoped({
      outside: async () => [{ method: 'POST', url: '/learning/class/preview-schedule', payload: { ...(await classBody(2)), class_id: fx.hcmClass.class_id } }],
      // another centre's teacher's or room's calendar
      references: async () =>
        [
          await classBody(1, { teacher_id: await newAccount('teacher', 2) }),
          await classBody(1, { room_id: await newRoom(2) }),
          // a clash's session reassigned to another centre's teacher
          await classBody(1, { resolutions: [{ date: '2033-01-03', hour: 18, minute: 0, action: 'reassign', teacher_id: await newAccount('teacher', 2) }] }),
        ].map(
          (payload): Req => ({ method: 'POST', url: '/learning/class/preview-schedule', payload }),
        ),
    }),
  },
  'POST /api/v1/learning/class/create': {
    // the administrator reaches every centre: a teacher of centre 2 in a class of centre 1
    request: async (who) => ({ method: 'POST', url: '/learning/class/create', payload: await classBody(1, who === 'admin' ? { teacher_id: await newAccount('teacher', 2) } : {}) }),
    ...classWriter,
    academicAffair: scoped({
      data: inAffairCentre,
      // another centre's teacher, giáo vụ or room, or the class in another centre
      references: async () => [...(await classBodiesReachingCentre2()), await classBody(2)].map((payload): Req => ({ method: 'POST', url: '/learning/class/create', payload })),
    }),
  },
  'PUT /api/v1/learning/class/update': {
    request: async () => ({ method: 'PUT', url: '/learning/class/update', payload: { class_id: await newClass(1), ...(await classBody(1)) } }),
    ...classWriter,
    academicAffair: scoped({
      data: inAffairCentre,
      // another centre's class; moving one's own class to another centre is as to a missing one
      outside: async () => [{ method: 'PUT', url: '/learning/class/update', payload: { class_id: await newClass(2), ...(await classBody(2)) } }],
      references: async () =>
        Promise.all(
          [...(await classBodiesReachingCentre2()), await classBody(2)].map(async (body): Promise<Req> => ({ method: 'PUT', url: '/learning/class/update', payload: { class_id: await newClass(1), ...body } })),
        ),
    }),
  },
  'DELETE /api/v1/learning/class/delete/:class_id': {
    request: async () => ({ method: 'DELETE', url: `/learning/class/delete/${await newClass(1)}` }),
    ...classWriter,
    academicAffair: scoped({ outside: async () => [{ method: 'DELETE', url: `/learning/class/delete/${await newClass(2)}` }] }),
  },
  'GET /api/v1/learning/class-enrollment/getListClassForStudent': {
    request: (who) => ({ method: 'GET', url: `/learning/class-enrollment/getListClassForStudent?limit=10&relationships=class${who === 'student' ? `&user_id=${me.student.id}` : ''}` }),
    admin: ALLOWED,
    academicAffair: scoped({ minRows: 0, rows: (row, who) => fx.classes.get(row.class_id as number)?.center_id === centreOf(who) }),
    teacher: scoped({ minRows: 0, rows: (row, who) => row.user_id === me[who].id, outside: () => [{ method: 'GET', url: `/learning/class-enrollment/getListClassForStudent?user_id=${fx.hnStudent}` }] }),
    student: scoped({ rows: (row, who) => row.user_id === me[who].id, outside: () => [{ method: 'GET', url: `/learning/class-enrollment/getListClassForStudent?user_id=${me.teacher.id}` }] }),
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'GET /api/v1/learning/class-schedule/:schedule_id': {
    request: async (who) => {
      const mine = {
        academicAffair: (r: typeof classSchedules.$inferSelect) => r.centerId === 1,
        teacher: (r: typeof classSchedules.$inferSelect) => r.teacherId === me.teacher.id,
        student: (r: typeof classSchedules.$inferSelect) => fx.studentActiveClasses.has(r.classId) && r.makeupOf === null,
      }[who as string] ?? (() => true);
      return { method: 'GET', url: `/learning/class-schedule/${await sessionOf(mine)}` };
    },
    admin: ALLOWED,
    academicAffair: scoped({ data: inAffairCentre, outside: async () => [{ method: 'GET', url: `/learning/class-schedule/${await sessionOf((r) => r.centerId === 2)}` }] }),
    teacher: scoped({ data: (data, who) => data.teacher_id === me[who].id, outside: async () => [{ method: 'GET', url: `/learning/class-schedule/${await sessionOf((r) => r.teacherId !== me.teacher.id)}` }] }),
    student: scoped({
      data: (data) => fx.studentActiveClasses.has(data.class_id as number),
      outside: async () => [{ method: 'GET', url: `/learning/class-schedule/${await sessionOf((r) => !fx.studentClasses.has(r.classId))}` }],
    }),
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'POST /api/v1/learning/class-schedule': {
    request: () => extraSession(1),
    ...classWriter,
    academicAffair: scoped({
      data: inAffairCentre,
      // another centre's class or room, a make-up of another centre's session
      references: async () => [await extraSession(2), await inRoomOfCentre2(await extraSession(1)), await makeUpOf(await extraSession(1), await newSession(2))],
    }),
  },
  'PUT /api/v1/learning/class-schedule': {
    request: () => moveOf(1),
    ...classWriter,
    academicAffair: scoped({ data: inAffairCentre, outside: async () => [await moveOf(2)], references: async () => [await inRoomOfCentre2(await moveOf(1))] }),
  },
  // a substitute teacher: staff within their centre, naming a teacher they reach
  'POST /api/v1/learning/class-schedule/substitute': {
    request: () => substituteOf(1),
    ...classWriter,
    academicAffair: scoped({ outside: async () => [await substituteOf(2)], references: async () => [await substituteOf(1, 2)] }),
  },
  'POST /api/v1/learning/class-schedule/substitute-range': {
    request: () => substituteRangeOf(1),
    ...classWriter,
    // another centre's class is answered as a missing one
    academicAffair: scoped({ references: async () => [await substituteRangeOf(2), await substituteRangeOf(1, 2)] }),
  },
  'DELETE /api/v1/learning/class-schedule/:schedule_id': {
    request: async () => ({ method: 'DELETE', url: `/learning/class-schedule/${await newSession(1)}` }),
    ...classWriter,
    academicAffair: scoped({ outside: async () => [{ method: 'DELETE', url: `/learning/class-schedule/${await newSession(2)}` }] }),
  },
  // attendance: the session's teacher, or staff within their centre
  'PUT /api/v1/learning/class-schedule/is-attendance': {
    request: async (who) => attendanceOf(await pastSession(who === 'teacher' ? (r) => r.teacherId === me.teacher.id : (r) => r.centerId === 1)),
    admin: ALLOWED,
    academicAffair: scoped({ outside: async () => [attendanceOf(await pastSession((r) => r.centerId === 2))] }),
    teacher: scoped({ outside: async () => [attendanceOf(await pastSession((r) => r.teacherId !== me.teacher.id))] }),
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  // holidays: read by whoever sees classes, each their own centre's and every centre's; written as classes
  // are (a giáo vụ: their centre's only)
  'GET /api/v1/learning/holiday/list': {
    request: async () => {
      await newHoliday(2);
      return { method: 'GET', url: '/learning/holiday/list?limit=1000' };
    },
    admin: ALLOWED,
    academicAffair: scoped({ rows: inAffairCentreOrAll }),
    teacher: scoped({ rows: inAffairCentreOrAll }),
    student: scoped({ rows: inAffairCentreOrAll }),
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'GET /api/v1/learning/holiday/show/:id': {
    request: async () => ({ method: 'GET', url: `/learning/holiday/show/${await newHoliday(1)}` }),
    admin: ALLOWED,
    academicAffair: scoped({ data: inAffairCentreOrAll, outside: async () => [{ method: 'GET', url: `/learning/holiday/show/${await newHoliday(2)}` }] }),
    teacher: scoped({ data: inAffairCentreOrAll, outside: async () => [{ method: 'GET', url: `/learning/holiday/show/${await newHoliday(2)}` }] }),
    student: scoped({ data: inAffairCentreOrAll, outside: async () => [{ method: 'GET', url: `/learning/holiday/show/${await newHoliday(2)}` }] }),
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'POST /api/v1/learning/holiday/create': {
    request: () => ({ method: 'POST', url: '/learning/holiday/create', payload: holidayBody(1) }),
    ...classWriter,
    academicAffair: scoped({
      data: inAffairCentre,
      // a day off of every centre is not theirs to make; another centre is as a missing one
      outside: () => [{ method: 'POST', url: '/learning/holiday/create', payload: holidayBody(null) }],
      references: () => [{ method: 'POST', url: '/learning/holiday/create', payload: holidayBody(2) }],
    }),
  },
  'PUT /api/v1/learning/holiday/update': {
    request: async () => ({ method: 'PUT', url: '/learning/holiday/update', payload: { holiday_id: await newHoliday(1), ...holidayBody(1) } }),
    ...classWriter,
    academicAffair: scoped({
      data: inAffairCentre,
      outside: async () => [
        { method: 'PUT', url: '/learning/holiday/update', payload: { holiday_id: await newHoliday(2), ...holidayBody(2) } },
        { method: 'PUT', url: '/learning/holiday/update', payload: { holiday_id: await newHoliday(1), ...holidayBody(null) } },
      ],
      references: async () => [{ method: 'PUT', url: '/learning/holiday/update', payload: { holiday_id: await newHoliday(1), ...holidayBody(2) } }],
    }),
  },
  'DELETE /api/v1/learning/holiday/delete/:id': {
    request: async () => ({ method: 'DELETE', url: `/learning/holiday/delete/${await newHoliday(1)}` }),
    ...classWriter,
    academicAffair: scoped({ outside: async () => [{ method: 'DELETE', url: `/learning/holiday/delete/${await newHoliday(null)}` }] }),
  },
  // ---- courses: the giáo vụ reads them (Product GetAll / GetOne), the administrator writes them
  'GET /api/v1/product/list': { request: () => ({ method: 'GET', url: '/product/list?limit=100' }), ...staffOnly },
  'GET /api/v1/product/show/:id': { request: async () => ({ method: 'GET', url: `/product/show/${await newCourse()}` }), ...staffOnly },
  'POST /api/v1/product/create': { request: async () => ({ method: 'POST', url: '/product/create', payload: await courseBody() }), ...adminOnly },
  'PUT /api/v1/product/update': {
    request: async () => ({ method: 'PUT', url: '/product/update', payload: { product_id: await newCourse(), ...(await courseBody()) } }),
    ...adminOnly,
  },
  'DELETE /api/v1/product/delete/:id': { request: async () => ({ method: 'DELETE', url: `/product/delete/${await newCourse()}` }), ...adminOnly },

  'GET /api/v1/learning/class-schedule': {
    request: () => ({ method: 'GET', url: '/learning/class-schedule?limit=1000' }),
    admin: ALLOWED,
    academicAffair: scoped({ rows: inAffairCentre }),
    teacher: scoped({ rows: (row, who) => row.teacher_id === me[who].id }),
    student: scoped({ rows: (row, who) => fx.studentActiveClasses.has(row.class_id as number) || row.student_id === me[who].id }),
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },

  // ---- notifications: the own inbox for everyone (another's is refused, administrators included);
  // without user_id, staff with NotificationSetting list every row in their reach (composed messages too)
  'GET /api/v1/notifications': {
    request: async () => {
      await loadAccounts();
      return { method: 'GET', url: '/notifications?limit=1000' };
    },
    admin: scoped({ rows: () => true, outside: (who) => [{ method: 'GET', url: `/notifications?user_id=${otherUser(who)}` }] }),
    academicAffair: scoped({ rows: inAffairNotificationReach, outside: (who) => [{ method: 'GET', url: `/notifications?user_id=${otherUser(who)}` }] }),
    teacher: scoped({ rows: (row, who) => row.user_id === me[who].id, outside: (who) => [{ method: 'GET', url: `/notifications?user_id=${otherUser(who)}` }] }),
    student: scoped({ rows: (row, who) => row.user_id === me[who].id, outside: (who) => [{ method: 'GET', url: `/notifications?user_id=${otherUser(who)}` }] }),
    // the account made for this test has no notifications
    noPermissions: scoped({ minRows: 0, rows: (row, who) => row.user_id === me[who].id, outside: (who) => [{ method: 'GET', url: `/notifications?user_id=${otherUser(who)}` }] }),
    anonymous: UNAUTHENTICATED,
  },
  'PUT /api/v1/notifications/:id/read-all': {
    request: (who) => ({ method: 'PUT', url: `/notifications/${ownId(who)}/read-all` }),
    ...everyoneOwn({ outside: (who) => [{ method: 'PUT', url: `/notifications/${otherUser(who)}/read-all` }] }),
  },
  // staff messages (NotificationSetting): a giáo vụ of centre 1 within that centre only
  'POST /api/v1/notifications': {
    request: () => ({ method: 'POST', url: '/notifications', payload: messageTo({ kind: 'center', center_id: 1 }) }),
    admin: ALLOWED,
    academicAffair: scoped({
      data: (data, who) => (data.target as { center_id?: number }).center_id === centreOf(who),
      // another centre, its people, an administrator
      references: () =>
        [
          { kind: 'center', center_id: 2 },
          { kind: 'type', type: 'teacher', center_id: 2 },
          { kind: 'user', user_id: fx.hcmStudent },
          { kind: 'user', user_id: me.admin.id },
        ].map((target): Req => ({ method: 'POST', url: '/notifications', payload: messageTo(target) })),
    }),
    ...notificationStaffOnly,
  },
  'GET /api/v1/notifications/:id': {
    request: async () => ({ method: 'GET', url: `/notifications/${await newMessage(1)}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: async () => [{ method: 'GET', url: `/notifications/${await newMessage(2)}` }] }),
    ...notificationStaffOnly,
  },
  'PUT /api/v1/notifications': {
    // sending a fresh draft of centre 1 (an edit takes the same permission and reach)
    request: async () => ({ method: 'PUT', url: '/notifications', payload: { notification_id: await newMessage(1), is_send: 1 } }),
    admin: ALLOWED,
    academicAffair: scoped({
      outside: async () => [
        { method: 'PUT', url: '/notifications', payload: { notification_id: await newMessage(2), is_send: 1 } },
        { method: 'PUT', url: '/notifications', payload: { notification_id: await newMessage(2), name: 'Sửa' } },
      ],
      references: async () => [
        { method: 'PUT', url: '/notifications', payload: { notification_id: await newMessage(1), target: { kind: 'center', center_id: 2 } } },
        { method: 'PUT', url: '/notifications', payload: { notification_id: await newMessage(1), target: { kind: 'user', user_id: fx.hcmStudent } } },
      ],
    }),
    ...notificationStaffOnly,
  },
  'DELETE /api/v1/notifications/:id': {
    request: async () => ({ method: 'DELETE', url: `/notifications/${await newMessage(1)}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: async () => [{ method: 'DELETE', url: `/notifications/${await newMessage(2)}` }] }),
    ...notificationStaffOnly,
  },
  // ---- messages to families (the outbox), NotificationSetting: a giáo vụ of centre 1 the students of that centre
  'GET /api/v1/learning/messages': {
    request: async () => {
      await newFamilyMessage(1);
      await newFamilyMessage(2);
      await loadAccounts();
      return { method: 'GET', url: '/learning/messages?limit=1000' };
    },
    admin: scoped({ rows: () => true }),
    academicAffair: scoped({ rows: (row, who) => accounts.get((row.student as { id: number }).id)?.centerId === centreOf(who) }),
    ...notificationStaffOnly,
  },
  'POST /api/v1/learning/messages/resend': {
    request: async () => ({ method: 'POST', url: '/learning/messages/resend', payload: { message_id: await newFamilyMessage(1) } }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: async () => [{ method: 'POST', url: '/learning/messages/resend', payload: { message_id: await newFamilyMessage(2) } }] }),
    ...notificationStaffOnly,
  },
  'POST /api/v1/learning/messages/send': {
    request: async () => ({ method: 'POST', url: '/learning/messages/send', payload: freeMessageTo(await newAccount('student', 1)) }),
    admin: ALLOWED,
    academicAffair: scoped({ references: async () => [{ method: 'POST', url: '/learning/messages/send', payload: freeMessageTo(await newAccount('student', 2)) }] }),
    ...notificationStaffOnly,
  },
  // ---- calendar feeds: one's own for everyone signed in; another's for staff who may read what it shows
  'GET /api/v1/calendar/feed': {
    request: () => ({ method: 'GET', url: '/calendar/feed' }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'GET', url: `/calendar/feed?kind=user&id=${fx.hcmStudent}` }] }),
    teacher: scoped({ outside: () => [{ method: 'GET', url: `/calendar/feed?kind=user&id=${fx.hnStudent}` }] }),
    student: ALLOWED,
    noPermissions: ALLOWED,
    anonymous: UNAUTHENTICATED,
  },
  'POST /api/v1/calendar/feed/rotate': {
    request: () => ({ method: 'POST', url: '/calendar/feed/rotate', payload: {} }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'POST', url: '/calendar/feed/rotate', payload: { kind: 'user', id: fx.hcmStudent } }] }),
    teacher: ALLOWED,
    student: ALLOWED,
    noPermissions: ALLOWED,
    anonymous: UNAUTHENTICATED,
  },
  // the feed itself: its URL's token is the proof, whoever fetches it
  'GET /api/v1/calendar/:kind/:id/feed.ics': {
    request: async () => {
      const { pathname, search } = new URL((await asAdmin('GET', '/calendar/feed')).url);
      return { method: 'GET', url: pathname.replace(/^\/api\/v1/, '') + search };
    },
    admin: ALLOWED,
    academicAffair: ALLOWED,
    teacher: ALLOWED,
    student: ALLOWED,
    noPermissions: ALLOWED,
    anonymous: ALLOWED,
  },
  // ---- saved views: everyone's own, of a list they may open; those shared with their role to read only;
  // sharing for those who may read the roles
  'GET /api/v1/saved-view/list': {
    request: async (who) => {
      await asAdmin('POST', '/saved-view/create', savedView({ name: `Riêng quản trị ${next()}` }));
      if (who !== 'anonymous') await send(who, { method: 'POST', url: '/saved-view/create', payload: savedView() });
      return { method: 'GET', url: `/saved-view/list?list_key=${encodeURIComponent(EVERYONES_LIST)}` };
    },
    ...everyoneOwn({
      raw: async (res, who) => {
        const rows: Array<{ owner_id: number; shared_role_id: number | null }> = res.json().data;
        return rows.length > 0 && rows.every((row) => row.owner_id === me[who].id || row.shared_role_id !== null);
      },
    }),
    teacher: scoped({ outside: () => [{ method: 'GET', url: `/saved-view/list?list_key=${encodeURIComponent('/assets/students')}` }] }),
  },
  'POST /api/v1/saved-view/create': {
    request: () => ({ method: 'POST', url: '/saved-view/create', payload: savedView() }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'POST', url: '/saved-view/create', payload: savedView({ shared_role_id: 2 }) }] }),
    teacher: scoped({ outside: () => [{ method: 'POST', url: '/saved-view/create', payload: savedView({ list_key: '/assets/students' }) }] }),
    student: ALLOWED,
    noPermissions: ALLOWED,
    anonymous: UNAUTHENTICATED,
  },
  'PUT /api/v1/saved-view/update': {
    request: async (who) => ({ method: 'PUT', url: '/saved-view/update', payload: { id: await ownSavedView(who), name: `Đổi tên ${next()}` } }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: async () => [{ method: 'PUT', url: '/saved-view/update', payload: { id: await sharedSavedView(2), name: 'Không được' } }] }),
    teacher: scoped({ outside: async () => [{ method: 'PUT', url: '/saved-view/update', payload: { id: await sharedSavedView(3), name: 'Không được' } }] }),
    student: scoped({ outside: async () => [{ method: 'PUT', url: '/saved-view/update', payload: { id: await sharedSavedView(4), name: 'Không được' } }] }),
    noPermissions: ALLOWED,
    anonymous: UNAUTHENTICATED,
  },
  'DELETE /api/v1/saved-view/delete/:id': {
    request: async (who) => ({ method: 'DELETE', url: `/saved-view/delete/${await ownSavedView(who)}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: async () => [{ method: 'DELETE', url: `/saved-view/delete/${await sharedSavedView(2)}` }] }),
    teacher: scoped({ outside: async () => [{ method: 'DELETE', url: `/saved-view/delete/${await sharedSavedView(3)}` }] }),
    student: scoped({ outside: async () => [{ method: 'DELETE', url: `/saved-view/delete/${await sharedSavedView(4)}` }] }),
    noPermissions: ALLOWED,
    anonymous: UNAUTHENTICATED,
  },
  // ---- guardians: the student's User permissions; a giáo vụ of centre 1 that centre's students
  'GET /api/v1/learning/guardian/list': {
    request: () => ({ method: 'GET', url: `/learning/guardian/list?student_id=${fx.hnStudent}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'GET', url: `/learning/guardian/list?student_id=${fx.hcmStudent}` }] }),
    ...guardianStaffOnly,
  },
  'GET /api/v1/learning/guardian/search': {
    request: async () => {
      await newGuardian(await newAccount('student', 1), 'Phụ huynh ma trận');
      await newGuardian(await newAccount('student', 2), 'Phụ huynh ma trận');
      await loadAccounts();
      return { method: 'GET', url: `/learning/guardian/search?search=${encodeURIComponent('Phụ huynh ma trận')}` };
    },
    admin: ALLOWED,
    academicAffair: scoped({
      raw: async (res, who) => {
        const rows = res.json().data as Array<{ students: Array<{ id: number }> }>;
        return rows.length > 0 && rows.every((row) => row.students.length > 0 && row.students.every((student) => accounts.get(student.id)?.centerId === centreOf(who)));
      },
    }),
    ...guardianStaffOnly,
  },
  'POST /api/v1/learning/guardian/create': {
    request: async () => ({ method: 'POST', url: '/learning/guardian/create', payload: guardianOf(await newAccount('student', 1)) }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'POST', url: '/learning/guardian/create', payload: guardianOf(fx.hcmStudent) }] }),
    ...guardianStaffOnly,
  },
  'POST /api/v1/learning/guardian/update': {
    request: async () => {
      const student = await newAccount('student', 1);
      return { method: 'POST', url: '/learning/guardian/update', payload: { ...guardianOf(student), id: await newGuardian(student) } };
    },
    admin: ALLOWED,
    academicAffair: scoped({
      outside: async () => {
        const student = await newAccount('student', 2);
        return [{ method: 'POST', url: '/learning/guardian/update', payload: { ...guardianOf(student), id: await newGuardian(student) } }];
      },
    }),
    ...guardianStaffOnly,
  },
  'POST /api/v1/learning/guardian/link': {
    request: async () => ({ method: 'POST', url: '/learning/guardian/link', payload: { student_id: await newAccount('student', 1), guardian_id: await newGuardian(await newAccount('student', 1)), relationship: 'Mẹ' } }),
    admin: ALLOWED,
    academicAffair: scoped({
      outside: async () => [{ method: 'POST', url: '/learning/guardian/link', payload: { student_id: await newAccount('student', 2), guardian_id: await newGuardian(await newAccount('student', 1)) } }],
      // another centre's guardian linked to one's own student
      references: async () => [{ method: 'POST', url: '/learning/guardian/link', payload: { student_id: await newAccount('student', 1), guardian_id: await newGuardian(await newAccount('student', 2)) } }],
    }),
    ...guardianStaffOnly,
  },
  'POST /api/v1/learning/guardian/unlink': {
    request: async () => {
      const student = await newAccount('student', 1);
      return { method: 'POST', url: '/learning/guardian/unlink', payload: { student_id: student, guardian_id: await newGuardian(student) } };
    },
    admin: ALLOWED,
    academicAffair: scoped({
      outside: async () => {
        const student = await newAccount('student', 2);
        return [{ method: 'POST', url: '/learning/guardian/unlink', payload: { student_id: student, guardian_id: await newGuardian(student) } }];
      },
    }),
    ...guardianStaffOnly,
  },
  // ---- the texts of messages to families (MessageTemplate): administrators write them, a giáo vụ reads and previews
  'GET /api/v1/learning/message-template/list': { request: () => ({ method: 'GET', url: '/learning/message-template/list' }), ...templateReaders },
  'GET /api/v1/learning/message-template/settings': { request: () => ({ method: 'GET', url: '/learning/message-template/settings' }), ...templateReaders },
  'POST /api/v1/learning/message-template/preview': {
    request: () => ({ method: 'POST', url: '/learning/message-template/preview', payload: { kind: 'absence', subject: 'Vắng {hoc_vien}', body: 'Kính gửi {kinh_gui}', student_id: fx.hnStudent } }),
    ...templateReaders,
    academicAffair: scoped({ outside: () => [{ method: 'POST', url: '/learning/message-template/preview', payload: { kind: 'absence', subject: 'Vắng {hoc_vien}', body: 'Kính gửi {kinh_gui}', student_id: fx.hcmStudent } }] }),
  },
  'POST /api/v1/learning/message-template/update': {
    request: () => ({ method: 'POST', url: '/learning/message-template/update', payload: { kind: 'reminder', channel: 'sms', subject: 'Nhắc lịch', body: 'Lớp {lop} lúc {gio} ngày {ngay}' } }),
    ...adminOnly,
  },
  'POST /api/v1/learning/message-template/reset': {
    request: async () => {
      await asAdmin('POST', '/learning/message-template/update', { kind: 'free', channel: 'sms', subject: 'Tin', body: '{noi_dung}' });
      return { method: 'POST', url: '/learning/message-template/reset', payload: { kind: 'free', channel: 'sms' } };
    },
    ...adminOnly,
  },
  'POST /api/v1/learning/message-template/settings': {
    request: () => ({ method: 'POST', url: '/learning/message-template/settings', payload: { quiet_start: '21:00', quiet_end: '07:00' } }),
    ...adminOnly,
  },
  // ---- competitions: staff by type (LearningCompetition); a giáo vụ of centre 1 reads that centre's events and every
  // centre's, and manages (with their rounds and examinees) only that centre's, as with classes
  'GET /api/v1/competition/event/list': {
    request: async () => {
      await newEvent(2);
      await loadEvents();
      return { method: 'GET', url: '/competition/event/list?limit=1000' };
    },
    ...staffOnly,
    academicAffair: scoped({ rows: inAffairCentreOrAll }),
  },
  'GET /api/v1/competition/event/show/:id': {
    request: async () => ({ method: 'GET', url: `/competition/event/show/${await newEvent(1)}` }),
    ...staffOnly,
    academicAffair: scoped({ data: inAffairCentre, outside: async () => [{ method: 'GET', url: `/competition/event/show/${await newEvent(2)}` }] }),
  },
  'POST /api/v1/competition/event/create': {
    request: () => ({ method: 'POST', url: '/competition/event/create', payload: eventBody(1) }),
    ...classWriter,
    academicAffair: scoped({
      data: inAffairCentre,
      // an event of every centre is not theirs to make; another centre (or its teacher as a grader) is as a missing one
      outside: () => [{ method: 'POST', url: '/competition/event/create', payload: eventBody(null) }],
      references: async () =>
        [eventBody(2), { ...eventBody(1), graders: await graderOfCentre2() }].map((payload): Req => ({ method: 'POST', url: '/competition/event/create', payload })),
    }),
  },
  'PUT /api/v1/competition/event/update': {
    request: () => eventUpdate(1),
    ...classWriter,
    academicAffair: scoped({
      data: inAffairCentre,
      outside: async () => [await eventUpdate(2), await eventUpdate(null)],
      references: async () => [
        await eventUpdate(1, 2),
        { method: 'PUT', url: '/competition/event/update', payload: { competition_id: await newEvent(1), ...eventBody(1), graders: await graderOfCentre2() } },
      ],
    }),
  },
  'DELETE /api/v1/competition/event/delete/:id': {
    request: async () => ({ method: 'DELETE', url: `/competition/event/delete/${await newEvent(1)}` }),
    ...classWriter,
    academicAffair: scoped({
      outside: async () => [{ method: 'DELETE', url: `/competition/event/delete/${await newEvent(2)}` }, { method: 'DELETE', url: `/competition/event/delete/${await newEvent(null)}` }],
    }),
  },
  // subjects and examinee groups: staff's, with no row rules
  ...crudCases('/competition/topic', staffOnly, { body: () => ({ name: `Mục thi ${next()}` }), id: 'topic_id' }),
  ...crudCases('/competition/type', staffOnly, { body: () => ({ name: `Mục thi ${next()}` }), id: 'type_id' }),
  'GET /api/v1/competition/round/list': {
    request: async () => {
      await newRound(2);
      await loadEvents();
      return { method: 'GET', url: '/competition/round/list?limit=1000' };
    },
    ...staffOnly,
    academicAffair: scoped({ rows: (row, who) => eventInReach(row.competition_id, who) }),
  },
  'GET /api/v1/competition/round/show/:id': {
    request: async () => ({ method: 'GET', url: `/competition/round/show/${await newRound(1)}` }),
    ...staffOnly,
    academicAffair: scoped({ outside: async () => [{ method: 'GET', url: `/competition/round/show/${await newRound(2)}` }] }),
  },
  'POST /api/v1/competition/round/create': {
    request: () => roundCreate(1),
    ...classWriter,
    // an event of every centre is in reach (the giáo vụ reads it) but not theirs to manage; another centre's is as a missing one
    academicAffair: scoped({ outside: async () => [await roundCreate(null)], references: async () => [await roundCreate(2)] }),
  },
  'PUT /api/v1/competition/round/update': {
    request: () => roundUpdate(1),
    ...classWriter,
    academicAffair: scoped({ outside: async () => [await roundUpdate(2), await roundUpdate(null)] }),
  },
  'DELETE /api/v1/competition/round/delete/:id': {
    request: async () => ({ method: 'DELETE', url: `/competition/round/delete/${await newRound(1)}` }),
    ...classWriter,
    academicAffair: scoped({
      outside: async () => [{ method: 'DELETE', url: `/competition/round/delete/${await newRound(2)}` }, { method: 'DELETE', url: `/competition/round/delete/${await newRound(null)}` }],
    }),
  },
  'GET /api/v1/competition/examinee/list': {
    request: async () => {
      await newExaminee(2);
      await loadEvents();
      return { method: 'GET', url: '/competition/examinee/list?limit=1000' };
    },
    ...staffOnly,
    academicAffair: scoped({ rows: (row, who) => eventInReach(row.competition_id, who) }),
  },
  'GET /api/v1/competition/examinee/show/:id': {
    request: async () => ({ method: 'GET', url: `/competition/examinee/show/${await newExaminee(1)}` }),
    ...staffOnly,
    academicAffair: scoped({ outside: async () => [{ method: 'GET', url: `/competition/examinee/show/${await newExaminee(2)}` }] }),
  },
  'POST /api/v1/competition/examinee/create': {
    request: () => examineeCreate(1),
    ...classWriter,
    academicAffair: scoped({ outside: async () => [await examineeCreate(null)], references: async () => [await examineeCreate(2), withHcmStudent(await examineeCreate(1))] }),
  },
  'PUT /api/v1/competition/examinee/update': {
    request: () => examineeUpdate(1),
    ...classWriter,
    academicAffair: scoped({ outside: async () => [await examineeUpdate(2), await examineeUpdate(null)], references: async () => [withHcmStudent(await examineeUpdate(1))] }),
  },
  'DELETE /api/v1/competition/examinee/delete/:id': {
    request: async () => ({ method: 'DELETE', url: `/competition/examinee/delete/${await newExaminee(1)}` }),
    ...classWriter,
    academicAffair: scoped({
      outside: async () => [{ method: 'DELETE', url: `/competition/examinee/delete/${await newExaminee(2)}` }, { method: 'DELETE', url: `/competition/examinee/delete/${await newExaminee(null)}` }],
    }),
  },
  'POST /api/v1/competition/examinee/import': {
    request: () => importInto(1),
    ...classWriter,
    academicAffair: scoped({ outside: async () => [await importInto(null)], references: async () => [await importInto(2)] }),
  },
  'GET /api/v1/competition/examinee/template': { request: () => ({ method: 'GET', url: '/competition/examinee/template' }), ...staffOnly },
  // an export reads: a giáo vụ exports their centre's events and every centre's
  'GET /api/v1/competition/examinee/export': {
    request: () => exportOf(1),
    ...staffOnly,
    academicAffair: scoped({ outside: async () => [await exportOf(2)] }),
  },
  // ---- reports: a teacher gets their own payroll lines, a giáo vụ of a centre that centre's lines and orders
  'GET /api/v1/payroll-timesheet/list': {
    request: async () => ({ method: 'GET', url: `/payroll-timesheet/list?limit=1000&${await attendedRange()}` }),
    admin: ALLOWED,
    academicAffair: scoped({ rows: inAffairCentre }),
    teacher: scoped({ rows: (row, who) => row.teacher_id === me[who].id }),
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'GET /api/v1/payroll-timesheet/export': {
    request: async () => ({ method: 'GET', url: `/payroll-timesheet/export?${await attendedRange()}` }),
    admin: ALLOWED,
    academicAffair: scoped({ raw: async (res, who) => allIn(await exportedIds(res), (id) => sessionsById.get(id)?.centerId === centreOf(who)) }),
    teacher: scoped({ raw: async (res, who) => allIn(await exportedIds(res), (id) => sessionsById.get(id)?.teacherId === me[who].id) }),
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'GET /api/v1/order/list': {
    request: async () => ({ method: 'GET', url: `/order/list?limit=1000&${await ordersRange()}` }),
    admin: ALLOWED,
    academicAffair: scoped({ rows: (row, who) => fx.classes.get(row.class_id as number)?.center_id === centreOf(who) }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'GET /api/v1/order/export': {
    request: async () => ({ method: 'GET', url: `/order/export?${await ordersRange()}` }),
    admin: ALLOWED,
    academicAffair: scoped({ raw: async (res, who) => allIn(await exportedIds(res), (id) => fx.classes.get(orderClasses.get(id) ?? 0)?.center_id === centreOf(who)) }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  // ---- scoring: staff grade the events they reach (a giáo vụ: their centre's and those of every centre), a
  // teacher the subjects assigned to them; finalising is the staff's (LearningCompetition Update)
  'GET /api/v1/competition/scoring/events': {
    request: () => ({ method: 'GET', url: '/competition/scoring/events' }),
    admin: ALLOWED,
    academicAffair: scoped({ rows: (row) => row.competition_id !== fx.hcmEvent.competitionId }),
    teacher: scoped({ rows: (row) => Array.isArray(row.topic_ids) && (row.topic_ids as number[]).length > 0 && row.competition_id !== fx.ungradedEvent.competitionId }),
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'GET /api/v1/competition/scoring/list': {
    request: () => ({ method: 'GET', url: `/competition/scoring/list?round_id=${fx.hnEvent.roundId}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'GET', url: `/competition/scoring/list?round_id=${fx.hcmEvent.roundId}` }] }),
    teacher: scoped({
      data: (data) => (data.rows as Array<{ topic_id: number }>).every((row) => row.topic_id === fx.hnEvent.topicId),
      outside: () => [{ method: 'GET', url: `/competition/scoring/list?round_id=${fx.ungradedEvent.roundId}` }],
    }),
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'PUT /api/v1/competition/scoring/update': {
    request: async () => scoreOf(await newGradedEvent(1)),
    admin: ALLOWED,
    // the round a save writes into: one of an event the caller does not grade is as a missing one
    academicAffair: scoped({ references: async () => [scoreOf(await newGradedEvent(2))] }),
    teacher: scoped({ references: async () => [scoreOf(await newGradedEvent(1, false))] }),
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'POST /api/v1/competition/round/finalize/:id': {
    request: async () => ({ method: 'POST', url: `/competition/round/finalize/${(await newGradedEvent(1)).roundId}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: async () => [{ method: 'POST', url: `/competition/round/finalize/${(await newGradedEvent(2)).roundId}` }] }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'GET /api/v1/competition/ranking': {
    request: () => ({ method: 'GET', url: `/competition/ranking?competition_id=${fx.hnEvent.competitionId}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'GET', url: `/competition/ranking?competition_id=${fx.hcmEvent.competitionId}` }] }),
    teacher: scoped({ outside: () => [{ method: 'GET', url: `/competition/ranking?competition_id=${fx.ungradedEvent.competitionId}` }] }),
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
  'GET /api/v1/competition/ranking/export': {
    request: () => ({ method: 'GET', url: `/competition/ranking/export?competition_id=${fx.hnEvent.competitionId}` }),
    admin: ALLOWED,
    academicAffair: scoped({ outside: () => [{ method: 'GET', url: `/competition/ranking/export?competition_id=${fx.hcmEvent.competitionId}` }] }),
    teacher: REFUSED,
    student: REFUSED,
    noPermissions: REFUSED,
    anonymous: UNAUTHENTICATED,
  },
};

// ---------------------------------------------------------------- the checks

function describeOutcome(outcome: Outcome): string {
  return typeof outcome === 'string' ? outcome : 'SCOPED';
}

/** What went wrong in one cell, or nothing. */
async function checkCell(key: string, who: Who): Promise<string[]> {
  const route = MATRIX[key];
  const outcome = route[who];
  const req = await route.request(who);
  const res = await send(who, req);
  const where = `${key} as ${who} (${req.method} ${req.url})`;
  const status = res.statusCode;
  if (outcome === REFUSED) return status === 403 ? [] : [`${where}: expected 403, got ${status} ${res.body.slice(0, 200)}`];
  if (outcome === UNAUTHENTICATED) return status === 401 ? [] : [`${where}: expected 401, got ${status}`];
  if (status < 200 || status >= 300) return [`${where}: expected ${describeOutcome(outcome)} (2xx), got ${status} ${res.body.slice(0, 200)}`];
  if (route.after && who !== 'anonymous') route.after(who, res);
  if (outcome === ALLOWED) return [];

  const problems: string[] = [];
  const caller = who as SignedIn;
  if (outcome.rows) {
    const rows: Array<Record<string, unknown>> = res.json().data.rows;
    if (rows.length < (outcome.minRows ?? 1)) problems.push(`${where}: expected rows in reach, got ${rows.length}`);
    const beyond = rows.filter((row) => !outcome.rows!(row, caller));
    if (beyond.length) problems.push(`${where}: ${beyond.length} rows out of reach, e.g. ${JSON.stringify(beyond[0]).slice(0, 200)}`);
  }
  if (outcome.data && !outcome.data(res.json().data, caller)) problems.push(`${where}: answer out of reach: ${res.body.slice(0, 200)}`);
  if (outcome.raw && !(await outcome.raw(res, caller))) problems.push(`${where}: answer out of reach`);
  for (const beyond of outcome.outside ? await outcome.outside(caller) : []) {
    const refused = await send(who, beyond);
    if (refused.statusCode !== 403) {
      problems.push(`${key} as ${who}, out of reach (${beyond.method} ${beyond.url} ${JSON.stringify(beyond.payload ?? '')}): expected 403, got ${refused.statusCode}`);
    }
  }
  for (const beyond of outcome.references ? await outcome.references(caller) : []) {
    const refused = await send(who, beyond);
    const messages = Object.values<string>(refused.json().error?.fields ?? {});
    if (refused.statusCode !== 400 || !messages.some((message) => OUT_OF_REACH.test(message))) {
      problems.push(`${key} as ${who}, writes a reference out of reach (${beyond.method} ${beyond.url} ${JSON.stringify(beyond.payload ?? '')}): expected the neutral 400, got ${refused.statusCode} ${refused.body.slice(0, 200)}`);
    }
  }
  return problems;
}

describe('access matrix', () => {
  it('has an access decision for every registered route, and no decision for a route that does not exist', () => {
    const registered = routesNeedingADecision();
    expect(registered.length).toBeGreaterThan(30);
    const decided = Object.keys(MATRIX).sort();
    expect({ withoutDecision: registered.filter((key) => !(key in MATRIX)) }).toEqual({ withoutDecision: [] });
    expect({ decisionWithoutRoute: decided.filter((key) => !registered.includes(key)) }).toEqual({ decisionWithoutRoute: [] });
  });

  it.each(Object.keys(MATRIX))('%s', async (key) => {
    const problems: string[] = [];
    for (const who of WHO) problems.push(...(await checkCell(key, who)));
    expect(problems).toEqual([]);
  });
});
