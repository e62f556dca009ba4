/**
 * Ids written into rows stay within the writer's reach (access/references.ts): a giáo vụ of Hà Nội (centre 1)
 * cannot put Hồ Chí Minh's (centre 2) teacher, giáo vụ or room into a class, a session or an event's graders,
 * nor its class into a session, nor its centre into an account, a room, a day off, an event or a class.
 * Another centre's row is answered exactly as a
 * missing one (one neutral 400 on the field), and nothing is written, so that centre's own calendar stays
 * free; an administrator reaches every centre.
 */
import { count, eq } from 'drizzle-orm';
import { REFERENCE_TEXT } from '../src/access/references';
import { classes, classSchedules, competitionGraders, competitions, holidays, productItems, rooms, topics, users } from '../src/db/schema';
import { TEXT } from '../src/lib/errors';
import { call, login, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const app = () => ctx.t.app;
const db = () => ctx.t.database.db;

/** An id no row has. */
const MISSING = 2_000_000_000;
let seq = 0;

async function newAccount(type: 'teacher' | 'academic_affair', centerId: number): Promise<number> {
  seq += 1;
  const [row] = await db()
    .insert(users)
    .values({ name: `Phạm vi ${seq}`, email: `pham.vi.${seq}@example.com`, passwordHash: 'x', type, status: 1, roleId: type === 'teacher' ? 3 : 2, centerId })
    .returning();
  return row.id;
}
async function newRoom(centerId: number): Promise<number> {
  seq += 1;
  return (await db().insert(rooms).values({ centerId, name: `Phòng phạm vi ${seq}` }).returning())[0].roomId;
}
/** A class of `centre` at 18:00 on Mondays from 2032-03-01, made with its own teacher and room unless given. */
async function classBody(centre: number, over: Record<string, unknown> = {}) {
  seq += 1;
  const [item] = await db().select().from(productItems).limit(1);
  return {
    class_name: `Lớp phạm vi ${seq}`, class_type: 'group', product_id: item.productId, product_item_id: item.productItemId,
    teacher_id: await newAccount('teacher', centre), academic_affair_id: null, center_id: centre, room_id: await newRoom(centre),
    teacher_salary: 200_000, start_date: '2032-03-01', class_schedule: '[{"weekday":1,"hour":18,"minute":0,"duration":90}]', ...over,
  };
}
const classCount = async () => Number((await db().select({ n: count() }).from(classes))[0].n);
/** The status and the field errors of an answer. */
const refusalOf = (res: Awaited<ReturnType<typeof call>>) => [res.statusCode, res.json().error?.fields];

describe('a class of Hà Nội by its giáo vụ', () => {
  it("refuses Hồ Chí Minh's teacher, giáo vụ and room as it refuses missing ones, and writes nothing", async () => {
    const hcmTeacher = await newAccount('teacher', 2);
    const hcmAffair = await newAccount('academic_affair', 2);
    const hcmRoom = await newRoom(2);
    const before = await classCount();
    const cases: Array<[string, unknown, unknown, string]> = [
      ['teacher_id', hcmTeacher, MISSING, REFERENCE_TEXT.teacher],
      ['academic_affair_id', hcmAffair, MISSING, REFERENCE_TEXT.academicAffair],
      ['room_id', hcmRoom, MISSING, REFERENCE_TEXT.room],
    ];
    for (const [field, outside, missing, message] of cases) {
      for (const id of [outside, missing]) {
        const res = await call(app(), 'POST', '/learning/class/create', ctx.tok.academicAffair, await classBody(1, { [field]: id }));
        expect({ field, id, answer: refusalOf(res) }).toEqual({ field, id, answer: [400, { [field]: message }] });
      }
    }
    expect(await classCount()).toBe(before);
  });

  it("keeps the other centre's calendar free: its giáo vụ then books its own teacher at that hour", async () => {
    const hcmTeacher = await newAccount('teacher', 2);
    const refused = await call(app(), 'POST', '/learning/class/create', ctx.tok.academicAffair, await classBody(1, { teacher_id: hcmTeacher }));
    expect(refused.statusCode).toBe(400);
    const hcmToken = await login(app(), 'giaovu.hcm@trungtam.vn');
    const own = await call(app(), 'POST', '/learning/class/create', hcmToken, await classBody(2, { teacher_id: hcmTeacher }));
    expect(own.statusCode).toBe(201);
  });

  it("does not preview another centre's teacher's calendar", async () => {
    const res = await call(app(), 'POST', '/learning/class/preview-schedule', ctx.tok.academicAffair, await classBody(1, { teacher_id: await newAccount('teacher', 2) }));
    expect(refusalOf(res)).toEqual([400, { teacher_id: REFERENCE_TEXT.teacher }]);
  });

  it("refuses an update that puts another centre's teacher in, and leaves the class as it was", async () => {
    const body = await classBody(1);
    const created = await call(app(), 'POST', '/learning/class/create', ctx.tok.academicAffair, body);
    expect(created.statusCode).toBe(201);
    const classId = created.json().data.class_id;
    const res = await call(app(), 'PUT', '/learning/class/update', ctx.tok.academicAffair, { ...body, class_id: classId, teacher_id: await newAccount('teacher', 2) });
    expect(refusalOf(res)).toEqual([400, { teacher_id: REFERENCE_TEXT.teacher }]);
    expect((await db().select().from(classes).where(eq(classes.classId, classId)))[0].teacherId).toBe(body.teacher_id);
  });

  it('lets an administrator, who reaches every centre, take a teacher of another centre', async () => {
    const res = await call(app(), 'POST', '/learning/class/create', ctx.tok.admin, await classBody(1, { teacher_id: await newAccount('teacher', 2) }));
    expect(res.statusCode).toBe(201);
  });
});

describe("a session's room", () => {
  it("is refused out of the giáo vụ's reach as a missing one, on add and on move", async () => {
    const created = await call(app(), 'POST', '/learning/class/create', ctx.tok.admin, await classBody(1));
    const classId = created.json().data.class_id;
    const [session] = await db().select().from(classSchedules).where(eq(classSchedules.classId, classId)).limit(1);
    const hcmRoom = await newRoom(2);
    for (const room of [hcmRoom, MISSING]) {
      const add = await call(app(), 'POST', '/learning/class-schedule', ctx.tok.academicAffair, { class_id: classId, schedule_date: '2034-01-02', schedule_hour: 9, schedule_minute: 0, room_id: room });
      expect(refusalOf(add)).toEqual([400, { room_id: REFERENCE_TEXT.room }]);
      const move = await call(app(), 'PUT', '/learning/class-schedule', ctx.tok.academicAffair, { schedule_id: session.scheduleId, schedule_date: '2034-01-03', schedule_hour: 9, schedule_minute: 0, room_id: room });
      expect(refusalOf(move)).toEqual([400, { room_id: REFERENCE_TEXT.room }]);
    }
    expect((await db().select().from(classSchedules).where(eq(classSchedules.scheduleId, session.scheduleId)))[0].roomId).toBe(session.roomId);
  });
});

describe("a session's class", () => {
  it("is refused out of the giáo vụ's reach as a missing one, and so is the missed session of a make-up", async () => {
    const hcmClass = (await call(app(), 'POST', '/learning/class/create', ctx.tok.admin, await classBody(2))).json().data.class_id;
    const hnClass = (await call(app(), 'POST', '/learning/class/create', ctx.tok.admin, await classBody(1))).json().data.class_id;
    const [hcmSession] = await db().select().from(classSchedules).where(eq(classSchedules.classId, hcmClass)).limit(1);
    const before = await db().select({ n: count() }).from(classSchedules);
    const session = (over: Record<string, unknown>) => ({ schedule_date: '2034-02-06', schedule_hour: 9, schedule_minute: 0, ...over });
    for (const classId of [hcmClass, MISSING]) {
      const add = await call(app(), 'POST', '/learning/class-schedule', ctx.tok.academicAffair, session({ class_id: classId }));
      expect({ classId, answer: refusalOf(add) }).toEqual({ classId, answer: [400, { class_id: REFERENCE_TEXT.class }] });
    }
    for (const missed of [hcmSession.scheduleId, MISSING]) {
      const makeUp = await call(app(), 'POST', '/learning/class-schedule', ctx.tok.academicAffair, session({ class_id: hnClass, makeup_of: missed, student_ids: [1] }));
      expect({ missed, answer: refusalOf(makeUp) }).toEqual({ missed, answer: [400, { makeup_of: REFERENCE_TEXT.session }] });
    }
    expect(await db().select({ n: count() }).from(classSchedules)).toEqual(before);
  });
});

describe("an account's centre", () => {
  const teacherBody = (over: Record<string, unknown>) => ({
    email: `gv.pham.vi.${(seq += 1)}@trungtam.vn`, name: 'Giáo viên phạm vi', password: 'matkhau123', type: 'teacher', phone_number: '0900000000',
    status: 1, roles: [{ id: 3 }], ...over,
  });
  const edit = async (id: number, over: Record<string, unknown> = {}) => {
    const [row] = await db().select().from(users).where(eq(users.id, id));
    return { id, email: row.email, name: row.name, phone_number: '0900000000', status: 1, ...over };
  };
  const accountCount = async () => Number((await db().select({ n: count() }).from(users))[0].n);

  it("refuses another centre as a missing one, on create and on update, and writes nothing", async () => {
    const before = await accountCount();
    const own = await newAccount('teacher', 1);
    for (const centre of [2, MISSING]) {
      const created = await call(app(), 'POST', '/auth/register', ctx.tok.academicAffair, teacherBody({ center_id: centre }));
      expect({ centre, answer: refusalOf(created) }).toEqual({ centre, answer: [400, { center_id: REFERENCE_TEXT.center }] });
      const moved = await call(app(), 'PUT', '/user/update', ctx.tok.academicAffair, await edit(own, { center_id: centre }));
      expect({ centre, answer: refusalOf(moved) }).toEqual({ centre, answer: [400, { center_id: REFERENCE_TEXT.center }] });
    }
    expect(await accountCount()).toBe(before + 1);
    expect((await db().select().from(users).where(eq(users.id, own)))[0].centerId).toBe(1);
    // an administrator reaches every centre
    expect((await call(app(), 'POST', '/auth/register', ctx.tok.admin, teacherBody({ center_id: 2 }))).statusCode).toBe(201);
  });

  it('keeps the plain 403 for an account out of reach, which tells nothing of it (not that it is an administrator)', async () => {
    const [admin] = await db().select().from(users).where(eq(users.type, 'administrator')).limit(1);
    const hcmTeacher = await newAccount('teacher', 2);
    const answers = [
      await call(app(), 'PUT', '/user/update', ctx.tok.academicAffair, await edit(admin.id)),
      await call(app(), 'DELETE', `/user/delete/${admin.id}`, ctx.tok.academicAffair),
      // the body's centre is the giáo vụ's own: what is refused is the account itself
      await call(app(), 'PUT', '/user/update', ctx.tok.academicAffair, await edit(hcmTeacher, { center_id: 1 })),
    ];
    expect(answers.map((res) => [res.statusCode, res.json().error.message])).toEqual(Array(3).fill([403, TEXT.forbidden]));
  });
});

describe("an event's graders", () => {
  it("refuses another centre's teacher as a missing one: no assignment, and the teacher grades nothing", async () => {
    const [topic] = await db().insert(topics).values({ name: `Môn phạm vi ${(seq += 1)}` }).returning();
    const hcmTeacher = await newAccount('teacher', 2);
    const event = (user: number) => ({
      name: `Cuộc thi phạm vi ${(seq += 1)}`, start_date: '2032-05-01', end_date: '2032-05-31', status: 2, center_id: 1,
      graders: [{ topic_id: topic.topicId, user_id: user }],
    });
    for (const user of [hcmTeacher, MISSING]) {
      const res = await call(app(), 'POST', '/competition/event/create', ctx.tok.academicAffair, event(user));
      expect(refusalOf(res)).toEqual([400, { 'graders.0.user_id': REFERENCE_TEXT.teacher }]);
    }
    expect(await db().select().from(competitionGraders).where(eq(competitionGraders.userId, hcmTeacher))).toEqual([]);
    // the giáo vụ's own centre's teacher is fine
    expect((await call(app(), 'POST', '/competition/event/create', ctx.tok.academicAffair, event(await newAccount('teacher', 1)))).statusCode).toBe(201);
  });
});

describe('the centre of a room, a day off, an event or a class', () => {
  /** Each write that takes a centre: a create's body, and an update of a row of `own` centre (made by the administrator) into `centre`. */
  interface CentreWrite {
    what: string;
    table: typeof rooms | typeof holidays | typeof competitions | typeof classes;
    create: (centre: number) => Promise<{ url: string; payload: Record<string, unknown> }>;
    update: (own: number, centre: number) => Promise<{ url: string; payload: Record<string, unknown> }>;
  }
  const created = async (url: string, payload: Record<string, unknown>) => {
    const res = await call(app(), 'POST', url, ctx.tok.admin, payload);
    expect(res.statusCode).toBe(201);
    return res.json().data;
  };
  const roomBody = (centre: number) => ({ center_id: centre, name: `Phòng trung tâm ${(seq += 1)}` });
  /** A day off on a day of its own (one a day per centre). */
  const holidayBody = (centre: number | null) => ({ center_id: centre, date: new Date(Date.UTC(2035, 0, 1 + (seq += 1))).toISOString().slice(0, 10), name: `Ngày nghỉ ${seq}` });
  /** Where a class's teacher and room are: that centre (Hà Nội for a missing one), so that only its own centre can be refused. */
  const placesOf = (centre: number) => (centre === MISSING ? 1 : centre);
  const eventBody = (centre: number | null) => ({ name: `Cuộc thi trung tâm ${(seq += 1)}`, start_date: '2032-05-01', end_date: '2032-05-31', status: 1, center_id: centre });
  const WRITES: CentreWrite[] = [
    {
      what: 'room',
      table: rooms,
      create: async (centre) => ({ url: '/learning/room/create', payload: roomBody(centre) }),
      update: async (own, centre) => ({ url: '/learning/room/update', payload: { room_id: (await created('/learning/room/create', roomBody(own))).room_id, ...roomBody(centre) } }),
    },
    {
      what: 'holiday',
      table: holidays,
      create: async (centre) => ({ url: '/learning/holiday/create', payload: holidayBody(centre) }),
      update: async (own, centre) => ({ url: '/learning/holiday/update', payload: { holiday_id: (await created('/learning/holiday/create', holidayBody(own))).holiday_id, ...holidayBody(centre) } }),
    },
    {
      what: 'event',
      table: competitions,
      create: async (centre) => ({ url: '/competition/event/create', payload: eventBody(centre) }),
      update: async (own, centre) => ({ url: '/competition/event/update', payload: { competition_id: (await created('/competition/event/create', eventBody(own))).competition_id, ...eventBody(centre) } }),
    },
    {
      what: 'class',
      table: classes,
      create: async (centre) => ({ url: '/learning/class/create', payload: await classBody(placesOf(centre), { center_id: centre }) }),
      update: async (own, centre) => {
        const classId = (await created('/learning/class/create', await classBody(own))).class_id;
        return { url: '/learning/class/update', payload: { ...(await classBody(placesOf(centre), { center_id: centre })), class_id: classId } };
      },
    },
  ];
  const rowCount = async (table: CentreWrite['table']) => Number((await db().select({ n: count() }).from(table))[0].n);

  it("refuses another centre as a missing one, on create and on update, and writes nothing", async () => {
    for (const write of WRITES) {
      for (const centre of [2, MISSING]) {
        const create = await write.create(centre);
        const update = await write.update(1, centre);
        const before = await rowCount(write.table);
        const answers = [
          await call(app(), 'POST', create.url, ctx.tok.academicAffair, create.payload),
          await call(app(), 'PUT', update.url, ctx.tok.academicAffair, update.payload),
        ];
        expect({ what: write.what, centre, answers: answers.map(refusalOf) }).toEqual({
          what: write.what,
          centre,
          answers: Array(2).fill([400, { center_id: REFERENCE_TEXT.center }]),
        });
        expect({ what: write.what, rows: await rowCount(write.table) }).toEqual({ what: write.what, rows: before });
      }
    }
  });

  it("keeps the 403 for another centre's row itself, and for a day off or an event of every centre", async () => {
    for (const write of WRITES) {
      const { url, payload } = await write.update(2, 1);
      const res = await call(app(), 'PUT', url, ctx.tok.academicAffair, payload);
      expect({ what: write.what, status: res.statusCode }).toEqual({ what: write.what, status: 403 });
    }
    const everyCentre = [
      await call(app(), 'POST', '/learning/holiday/create', ctx.tok.academicAffair, holidayBody(null)),
      await call(app(), 'POST', '/competition/event/create', ctx.tok.academicAffair, eventBody(null)),
    ];
    expect(everyCentre.map((res) => res.statusCode)).toEqual([403, 403]);
  });

  it('lets an administrator and a giáo vụ without a centre, who reach every centre, write into another centre', async () => {
    const [demoAffair] = await db().select().from(users).where(eq(users.email, 'giaovu@trungtam.vn'));
    const email = `giaovu.moi.noi.${(seq += 1)}@trungtam.vn`;
    await db().insert(users).values({ name: 'Giáo vụ mọi nơi', email, passwordHash: demoAffair.passwordHash, type: 'academic_affair', status: 1, roleId: demoAffair.roleId, centerId: null });
    const everywhere = await login(app(), email);
    for (const token of [ctx.tok.admin, everywhere]) {
      for (const write of WRITES) {
        const create = await write.create(2);
        const update = await write.update(1, 2);
        const statuses = [(await call(app(), 'POST', create.url, token, create.payload)).statusCode, (await call(app(), 'PUT', update.url, token, update.payload)).statusCode];
        expect({ what: write.what, statuses }).toEqual({ what: write.what, statuses: [201, 200] });
      }
    }
  });
});
