/**
 * The competition area's management: events with their grader assignments, subjects and examinee
 * groups, rounds and their rules (pass score, order, finalised rounds), examinees with generated
 * candidate numbers, the all-or-nothing xlsx import, the template and the export; strict input; and each
 * caller's reach (a giáo vụ of another centre, a teacher).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { COMPETITION_LIMITS, COMPETITION_TEXT as T, EXAMINEE_SHEET_COLUMNS as C } from '@trungtam/shared/contracts/competition';
import type { Competition, Examinee, Round } from '@trungtam/shared/contracts/competition';
import { BUILDER_TEXT } from '@trungtam/shared/schemas/builders';
import { REFERENCE_TEXT } from '../src/access/references';
import { auditLogs, competitions, examineePoints, examinees, rounds, users } from '../src/db/schema';
import { API, call, login, setUpTestApp } from './helpers';
import { cellKinds } from './support/xlsxCells';

const ctx = setUpTestApp();
const app = () => ctx.t.app;
const db = () => ctx.t.database.db;

type Row = Record<string, unknown>;

let seq = 0;
const q = encodeURIComponent;
const next = () => (seq += 1);

/** What the tests share: their own subjects, groups, teachers and students, and a giáo vụ of another centre. */
const fx = {
  physics: 0, chemistry: 0, grade6: 0, grade7: 0,
  teacher: 0, otherTeacher: 0,
  student: 0, otherStudent: 0, hcmStudent: 0,
  hcmAffair: '',
};

async function newAccount(type: 'teacher' | 'student', centerId: number, birth?: [number, number, number]): Promise<number> {
  const n = next();
  const [row] = await db()
    .insert(users)
    .values({
      name: `${type === 'teacher' ? 'Giáo viên' : 'Học viên'} Thi ${n}`, email: `thi.${type}.${n}@example.com`, passwordHash: 'x', type, status: 1,
      roleId: type === 'teacher' ? 3 : 4, centerId, birthYear: birth?.[0], birthMonth: birth?.[1], birthDay: birth?.[2],
    })
    .returning();
  return row.id;
}
const emailOf = async (id: number) => (await db().select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;

beforeAll(async () => {
  const named = async (path: string, name: string) => (await call(app(), 'POST', `/competition/${path}/create`, ctx.tok.admin, { name })).json().data;
  fx.physics = (await named('topic', 'Vật lý')).topic_id;
  fx.chemistry = (await named('topic', 'Hoá học')).topic_id;
  fx.grade6 = (await named('type', 'Lớp 6')).type_id;
  fx.grade7 = (await named('type', 'Lớp 7')).type_id;
  fx.teacher = await newAccount('teacher', 1);
  fx.otherTeacher = await newAccount('teacher', 2);
  fx.student = await newAccount('student', 1, [2013, 7, 9]);
  fx.otherStudent = await newAccount('student', 1);
  fx.hcmStudent = await newAccount('student', 2);
  fx.hcmAffair = await login(app(), 'giaovu.hcm@trungtam.vn');
});

const eventBody = (over: Row = {}) => ({ name: `Cuộc thi ${next()}`, start_date: '2030-05-01', end_date: '2030-05-31', status: 2, center_id: 1, ...over });
async function newEvent(over: Row = {}): Promise<Competition> {
  const res = await call(app(), 'POST', '/competition/event/create', ctx.tok.admin, eventBody(over));
  if (res.statusCode !== 201) throw new Error(`event: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
const roundBody = (competitionId: number, over: Row = {}) => ({ competition_id: competitionId, name: `Vòng ${next()}`, order: 1, date: '2030-05-10', max_score: 100, pass_score: 50, ...over });
async function newRound(competitionId: number, over: Row = {}): Promise<Round> {
  const res = await call(app(), 'POST', '/competition/round/create', ctx.tok.admin, roundBody(competitionId, over));
  if (res.statusCode !== 201) throw new Error(`round: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
const outsider = (competitionId: number, over: Row = {}) => ({ competition_id: competitionId, full_name: `Thí sinh ${next()}`, birth_date: '2014-03-04', topic_id: fx.physics, type_id: fx.grade6, ...over });
async function newExaminee(body: Row, token = ctx.tok.admin): Promise<Examinee> {
  const res = await call(app(), 'POST', '/competition/examinee/create', token, body);
  if (res.statusCode !== 201) throw new Error(`examinee: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
const examineesOf = async (competitionId: number): Promise<Examinee[]> =>
  (await call(app(), 'GET', `/competition/examinee/list?limit=1000&competition_id=${competitionId}`, ctx.tok.admin)).json().data.rows;
const finalise = (roundId: number) => db().update(rounds).set({ finalizedAt: new Date('2030-05-10T10:00:00Z') }).where(eq(rounds.roundId, roundId));
const score = (examineeId: number, roundId: number, value: number) => db().insert(examineePoints).values({ examineeId, roundId, score: value });

/** The status and the field messages of a refusal. */
const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, fields: res.json().error?.fields, message: res.json().error?.message });

// ---------------------------------------------------------------- events

describe('events', () => {
  it('writes the grader assignments with the event: the list sent replaces them, a write without one keeps them', async () => {
    const created = await call(app(), 'POST', '/competition/event/create', ctx.tok.admin, eventBody({
      name: 'Olympic Vật lý 2030',
      description: '  Vòng trường  ',
      graders: [{ topic_id: fx.chemistry, user_id: fx.teacher }, { topic_id: fx.physics, user_id: fx.otherTeacher }, { topic_id: fx.physics, user_id: fx.teacher }],
    }));
    expect(created.statusCode).toBe(201);
    const event = created.json().data as Competition;
    expect(event).toMatchObject({ name: 'Olympic Vật lý 2030', description: 'Vòng trường', status: 2, center_id: 1, round_count: 0, examinee_count: 0 });
    // by subject, then teacher (each made before the next)
    expect(event.graders).toEqual([
      { topic_id: fx.physics, user_id: fx.teacher },
      { topic_id: fx.physics, user_id: fx.otherTeacher },
      { topic_id: fx.chemistry, user_id: fx.teacher },
    ]);
    expect((await call(app(), 'GET', `/competition/event/show/${event.competition_id}`, ctx.tok.admin)).json().data).toEqual(event);

    const replaced = await call(app(), 'PUT', '/competition/event/update', ctx.tok.admin, {
      competition_id: event.competition_id, name: event.name, graders: [{ topic_id: fx.chemistry, user_id: fx.otherTeacher }],
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data).toMatchObject({ graders: [{ topic_id: fx.chemistry, user_id: fx.otherTeacher }], status: 2, start_date: '2030-05-01', description: 'Vòng trường' });

    const kept = await call(app(), 'PUT', '/competition/event/update', ctx.tok.admin, { competition_id: event.competition_id, name: 'Olympic Vật lý 2030 (sửa)', status: 3 });
    expect(kept.json().data).toMatchObject({ name: 'Olympic Vật lý 2030 (sửa)', status: 3, graders: [{ topic_id: fx.chemistry, user_id: fx.otherTeacher }] });
    const cleared = await call(app(), 'PUT', '/competition/event/update', ctx.tok.admin, { competition_id: event.competition_id, name: 'Olympic Vật lý 2030 (sửa)', graders: [] });
    expect(cleared.json().data.graders).toEqual([]);

    const [entry] = await db().select().from(auditLogs).where(and(eq(auditLogs.resource, 'Competition'), eq(auditLogs.resourceId, String(event.competition_id)))).orderBy(desc(auditLogs.id)).limit(1);
    expect(entry).toMatchObject({ action: 'update' });
    expect((entry.before as Competition).graders).toHaveLength(1);
  });

  it('counts rounds and examinees, for a whole page in the same few queries as for one event', async () => {
    const event = await newEvent();
    await newRound(event.competition_id);
    await newRound(event.competition_id, { order: 2 });
    await newExaminee(outsider(event.competition_id));
    const shown = (await call(app(), 'GET', `/competition/event/show/${event.competition_id}`, ctx.tok.admin)).json().data;
    expect(shown).toMatchObject({ round_count: 2, examinee_count: 1 });

    const selects = jest.spyOn(db(), 'select');
    await call(app(), 'GET', '/competition/event/list?limit=1', ctx.tok.admin);
    const forOne = selects.mock.calls.length;
    selects.mockClear();
    const page = await call(app(), 'GET', '/competition/event/list?limit=100', ctx.tok.admin);
    expect(page.json().data.rows.length).toBeGreaterThan(2);
    expect(selects.mock.calls.length).toBe(forOne);
    selects.mockRestore();
  });

  it('filters by status, by centre (every centre\'s events included) and by name', async () => {
    const own = await newEvent({ name: 'Sân chơi Hoá học Hà Nội', status: 4, center_id: 1 });
    const everyone = await newEvent({ name: 'Sân chơi Hoá học toàn quốc', status: 4, center_id: null });
    const hcm = await newEvent({ name: 'Sân chơi Hoá học HCM', status: 4, center_id: 2 });
    const ids = async (query: string) =>
      ((await call(app(), 'GET', `/competition/event/list?limit=1000&${query}`, ctx.tok.admin)).json().data.rows as Competition[]).map((e) => e.competition_id).sort((a, b) => a - b);
    const search = `search=${q('sân chơi hoá')}`;
    expect(await ids(search)).toEqual([own.competition_id, everyone.competition_id, hcm.competition_id]);
    expect(await ids(`${search}&center_id=1`)).toEqual([own.competition_id, everyone.competition_id]);
    expect(await ids(`${search}&status=4&center_id=2`)).toEqual([everyone.competition_id, hcm.competition_id]);
    expect(await ids(`${search}&status=1`)).toEqual([]);
    for (const bad of ['status=5', 'status=true', 'center_id=abc', 'sort_column=candidate_seq']) {
      expect({ bad, status: (await call(app(), 'GET', `/competition/event/list?${bad}`, ctx.tok.admin)).statusCode }).toEqual({ bad, status: 400 });
    }
  });

  it('refuses bad input with a 400 naming the field, in Vietnamese', async () => {
    const cases: Array<[string, Row, string, string]> = [
      ['blank name', eventBody({ name: '  ' }), 'name', T.nameRequired],
      ['end before start', eventBody({ start_date: '2030-05-02', end_date: '2030-05-01' }), 'end_date', T.endBeforeStart],
      ['not a calendar date', eventBody({ start_date: '2030-02-30' }), 'start_date', T.startDate],
      ['date written otherwise', eventBody({ end_date: '31/05/2030' }), 'end_date', T.endDate],
      ['status 5', eventBody({ status: 5 }), 'status', T.status],
      ['status as text', eventBody({ status: '2' }), 'status', T.status],
      ['unknown centre', eventBody({ center_id: 999999 }), 'center_id', REFERENCE_TEXT.center],
      ['centre as text', eventBody({ center_id: '1' }), 'center_id', T.centerNotFound],
      ['a student as grader', eventBody({ graders: [{ topic_id: fx.physics, user_id: fx.student }] }), 'graders.0.user_id', T.graderNotTeacher],
      ['an unknown subject', eventBody({ graders: [{ topic_id: 999999, user_id: fx.teacher }] }), 'graders.0.topic_id', T.topicNotFound],
      ['the same assignment twice', eventBody({ graders: [{ topic_id: fx.physics, user_id: fx.teacher }, { topic_id: fx.physics, user_id: fx.teacher }] }), 'graders.1.user_id', T.graderTwice],
      ['a grader as text', eventBody({ graders: [{ topic_id: fx.physics, user_id: String(fx.teacher) }] }), 'graders.0.user_id', T.graderNotTeacher],
      ['too many graders', eventBody({ graders: Array.from({ length: COMPETITION_LIMITS.gradersMax + 1 }, () => ({ topic_id: fx.physics, user_id: fx.teacher })) }), 'graders', T.gradersMax],
    ];
    for (const [what, payload, field, message] of cases) {
      const res = await call(app(), 'POST', '/competition/event/create', ctx.tok.admin, payload);
      expect({ what, status: res.statusCode, message: res.json().error.fields?.[field] }).toEqual({ what, status: 400, message });
    }
    // a deleted teacher is no grader either
    const gone = await newAccount('teacher', 1);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone));
    const deleted = await call(app(), 'POST', '/competition/event/create', ctx.tok.admin, eventBody({ graders: [{ topic_id: fx.physics, user_id: gone }] }));
    expect(refusal(deleted).fields).toEqual({ 'graders.0.user_id': REFERENCE_TEXT.teacher });
  });

  it('a name is unique within its centre, letter case aside (409 on name)', async () => {
    await newEvent({ name: 'Giải Toán Tuổi Thơ', center_id: 1 });
    const taken = await call(app(), 'POST', '/competition/event/create', ctx.tok.admin, eventBody({ name: ' giải toán tuổi thơ ', center_id: 1 }));
    expect(refusal(taken)).toMatchObject({ status: 409, fields: { name: T.duplicate } });
    expect((await call(app(), 'POST', '/competition/event/create', ctx.tok.admin, eventBody({ name: 'Giải Toán Tuổi Thơ', center_id: 2 }))).statusCode).toBe(201);
  });

  it('an event with a score is not deleted (409); otherwise it goes with its rounds and examinees', async () => {
    const scored = await newEvent();
    const round = await newRound(scored.competition_id);
    const examinee = await newExaminee(outsider(scored.competition_id));
    await score(examinee.examinee_id, round.round_id, 70);
    const refused = await call(app(), 'DELETE', `/competition/event/delete/${scored.competition_id}`, ctx.tok.admin);
    expect(refusal(refused)).toMatchObject({ status: 409, message: T.eventHasScores });

    const plain = await newEvent({ graders: [{ topic_id: fx.physics, user_id: fx.teacher }] });
    const plainRound = await newRound(plain.competition_id);
    const plainExaminee = await newExaminee(outsider(plain.competition_id));
    expect((await call(app(), 'DELETE', `/competition/event/delete/${plain.competition_id}`, ctx.tok.admin)).statusCode).toBe(200);
    expect((await call(app(), 'GET', `/competition/event/show/${plain.competition_id}`, ctx.tok.admin)).statusCode).toBe(404);
    expect(await db().select().from(rounds).where(eq(rounds.roundId, plainRound.round_id))).toEqual([]);
    expect(await db().select().from(examinees).where(eq(examinees.examineeId, plainExaminee.examinee_id))).toEqual([]);
  });
});

// ---------------------------------------------------------------- subjects and groups

describe('subjects and examinee groups', () => {
  it('names are unique letter case aside; one in use by an examinee or a grader assignment is not deleted', async () => {
    const topic = (await call(app(), 'POST', '/competition/topic/create', ctx.tok.admin, { name: 'Tin học' })).json().data;
    expect(topic).toMatchObject({ topic_id: expect.any(Number), name: 'Tin học' });
    const twice = await call(app(), 'POST', '/competition/topic/create', ctx.tok.admin, { name: ' TIN HỌC ' });
    expect(refusal(twice)).toMatchObject({ status: 409, fields: { name: T.topicDuplicate } });
    const group = (await call(app(), 'POST', '/competition/type/create', ctx.tok.admin, { name: 'Lớp 8' })).json().data;
    expect(refusal(await call(app(), 'PUT', '/competition/type/update', ctx.tok.admin, { type_id: group.type_id, name: 'lớp 6' }))).toMatchObject({ status: 409, fields: { name: T.typeDuplicate } });
    expect(refusal(await call(app(), 'POST', '/competition/type/create', ctx.tok.admin, { name: ' ' }))).toMatchObject({ status: 400, fields: { name: T.typeNameRequired } });

    const event = await newEvent({ graders: [{ topic_id: topic.topic_id, user_id: fx.teacher }] });
    const byGrader = await call(app(), 'DELETE', `/competition/topic/delete/${topic.topic_id}`, ctx.tok.admin);
    expect(refusal(byGrader)).toMatchObject({ status: 409, message: 'Môn thi đang được sử dụng (1 phân công chấm thi): không thể xoá' });
    await newExaminee(outsider(event.competition_id, { topic_id: topic.topic_id, type_id: group.type_id }));
    expect(refusal(await call(app(), 'DELETE', `/competition/topic/delete/${topic.topic_id}`, ctx.tok.admin)).message).toBe('Môn thi đang được sử dụng (1 thí sinh, 1 phân công chấm thi): không thể xoá');
    expect(refusal(await call(app(), 'DELETE', `/competition/type/delete/${group.type_id}`, ctx.tok.admin)).message).toBe('Nhóm thí sinh đang được sử dụng (1 thí sinh): không thể xoá');

    const unused = (await call(app(), 'POST', '/competition/type/create', ctx.tok.admin, { name: 'Lớp 9' })).json().data;
    expect((await call(app(), 'DELETE', `/competition/type/delete/${unused.type_id}`, ctx.tok.admin)).statusCode).toBe(200);
    const listed = (await call(app(), 'GET', `/competition/type/list?limit=100&search=${q('lớp')}`, ctx.tok.admin)).json().data.rows.map((r: Row) => r.name);
    expect(listed.sort()).toEqual(['Lớp 6', 'Lớp 7', 'Lớp 8']);
  });
});

// ---------------------------------------------------------------- rounds

describe('rounds', () => {
  it('are listed by event then order, with the event name and the finalisation time', async () => {
    const event = await newEvent({ name: 'Olympic Thiên văn' });
    // made in order: the list's default (newest event first) must still put round 1 first
    const first = await newRound(event.competition_id, { order: 1, name: 'Vòng loại' });
    const second = await newRound(event.competition_id, { order: 2, name: 'Chung kết' });
    await finalise(first.round_id);
    const rows = (await call(app(), 'GET', `/competition/round/list?competition_id=${event.competition_id}`, ctx.tok.admin)).json().data.rows as Round[];
    expect(rows.map((r) => [r.order, r.name, r.competition_name])).toEqual([[1, 'Vòng loại', 'Olympic Thiên văn'], [2, 'Chung kết', 'Olympic Thiên văn']]);
    expect(rows[0].finalized_at).toBe('2030-05-10T10:00:00.000Z');
    expect(rows[1]).toMatchObject({ round_id: second.round_id, finalized_at: null, date: '2030-05-10', max_score: 100, pass_score: 50, score_step: 0.25 });
  });

  it('have a score step, 0.25 unless given, and a pass score that may be a decimal; an update without the step keeps it', async () => {
    const event = await newEvent();
    const halves = await newRound(event.competition_id, { max_score: 10, pass_score: 5.5, score_step: 0.5 });
    expect(halves).toMatchObject({ max_score: 10, pass_score: 5.5, score_step: 0.5 });
    expect(await newRound(event.competition_id, { order: 2, max_score: 10, pass_score: 6.25 })).toMatchObject({ pass_score: 6.25, score_step: 0.25 });
    const renamed = await call(app(), 'PUT', '/competition/round/update', ctx.tok.admin, { round_id: halves.round_id, ...roundBody(event.competition_id, { name: 'Vòng loại', max_score: 10, pass_score: 5.5 }) });
    expect(renamed.json().data).toMatchObject({ name: 'Vòng loại', score_step: 0.5 });

    const cases: Array<[string, Row, string, string]> = [
      ['step 0', { score_step: 0 }, 'score_step', T.scoreStepField],
      ['step with three decimals', { score_step: 0.125 }, 'score_step', T.scoreStepField],
      ['step above the maximum', { max_score: 10, pass_score: 5, score_step: 20 }, 'score_step', T.scoreStepField],
      ['step as text', { score_step: '0,5' }, 'score_step', T.scoreStepField],
      ['maximum not a multiple of the step', { max_score: 10, pass_score: 5, score_step: 0.3 }, 'max_score', T.maxNotMultipleOfStep],
      ['pass with three decimals', { max_score: 10, pass_score: 5.125 }, 'pass_score', T.passScoreDecimals],
      ['pass as text', { pass_score: '5,5' }, 'pass_score', T.passScore],
    ];
    for (const [what, over, field, message] of cases) {
      const res = await call(app(), 'POST', '/competition/round/create', ctx.tok.admin, roundBody(event.competition_id, { order: 3, ...over }));
      expect({ what, status: res.statusCode, message: res.json().error.fields?.[field] }).toEqual({ what, status: 400, message });
    }
  });

  it('a step that a score already given does not fit is refused; one that fits them is taken', async () => {
    const event = await newEvent();
    const round = await newRound(event.competition_id, { max_score: 10, pass_score: 5 });
    const update = (over: Row) => call(app(), 'PUT', '/competition/round/update', ctx.tok.admin, { round_id: round.round_id, ...roundBody(event.competition_id, { max_score: 10, pass_score: 5, ...over }) });
    const examinee = await newExaminee(outsider(event.competition_id));
    await score(examinee.examinee_id, round.round_id, 7.25);
    expect(refusal(await update({ score_step: 0.5 }))).toMatchObject({ status: 409, fields: { score_step: T.stepBreaksScores } });
    expect((await update({ score_step: 0.05 })).json().data).toMatchObject({ score_step: 0.05 });
  });

  it('the pass score is at most the maximum, the order unique in the event, the date a calendar date; strict types', async () => {
    const event = await newEvent();
    await newRound(event.competition_id, { order: 1 });
    const cases: Array<[string, Row, string, string]> = [
      ['pass above max', roundBody(event.competition_id, { order: 2, max_score: 10, pass_score: 11 }), 'pass_score', T.passScore],
      ['order 0', roundBody(event.competition_id, { order: 0 }), 'order', T.roundOrder],
      ['order as text', roundBody(event.competition_id, { order: '2' }), 'order', T.roundOrder],
      ['max 0', roundBody(event.competition_id, { order: 2, max_score: 0 }), 'max_score', T.maxScore],
      ['max with decimals', roundBody(event.competition_id, { order: 2, max_score: 9.5 }), 'max_score', T.maxScore],
      ['not a calendar date', roundBody(event.competition_id, { order: 2, date: '2030-04-31' }), 'date', T.roundDate],
      ['no event', roundBody(0, { order: 2 }), 'competition_id', T.competitionRequired],
      ['unknown event', roundBody(999999, { order: 2 }), 'competition_id', REFERENCE_TEXT.competition],
    ];
    for (const [what, payload, field, message] of cases) {
      const res = await call(app(), 'POST', '/competition/round/create', ctx.tok.admin, payload);
      expect({ what, status: res.statusCode, message: res.json().error.fields?.[field] }).toEqual({ what, status: 400, message });
    }
    const taken = await call(app(), 'POST', '/competition/round/create', ctx.tok.admin, roundBody(event.competition_id, { order: 1 }));
    expect(refusal(taken)).toMatchObject({ status: 409, fields: { order: T.roundOrderTaken } });
  });

  it('a round stays in its event; its maximum cannot drop below a score given; once finalised it is locked', async () => {
    const event = await newEvent();
    const other = await newEvent();
    const round = await newRound(event.competition_id, { max_score: 100, pass_score: 50 });
    const update = (over: Row) => call(app(), 'PUT', '/competition/round/update', ctx.tok.admin, { round_id: round.round_id, ...roundBody(event.competition_id, over) });

    expect(refusal(await update({ competition_id: other.competition_id }))).toMatchObject({ status: 400, fields: { competition_id: T.roundMoved } });
    const examinee = await newExaminee(outsider(event.competition_id));
    await score(examinee.examinee_id, round.round_id, 80);
    expect(refusal(await update({ max_score: 79, pass_score: 40 }))).toMatchObject({ status: 409, fields: { max_score: T.maxBelowScores } });
    expect((await update({ name: 'Vòng loại', max_score: 80, pass_score: 40 })).json().data).toMatchObject({ name: 'Vòng loại', max_score: 80 });
    // a round that holds scores would take them with it
    expect(refusal(await call(app(), 'DELETE', `/competition/round/delete/${round.round_id}`, ctx.tok.admin))).toMatchObject({
      status: 409, message: 'Vòng thi đang được sử dụng (1 điểm thi): không thể xoá',
    });

    await finalise(round.round_id);
    expect(refusal(await update({ name: 'Đổi tên' }))).toMatchObject({ status: 409, message: T.roundFinalized });
    expect(refusal(await call(app(), 'DELETE', `/competition/round/delete/${round.round_id}`, ctx.tok.admin))).toMatchObject({ status: 409, message: T.roundFinalized });
    const [stored] = await db().select().from(rounds).where(eq(rounds.roundId, round.round_id));
    expect(stored).toMatchObject({ name: 'Vòng loại', maxScore: 80 });

    const spare = await newRound(event.competition_id, { order: 2 });
    expect((await call(app(), 'DELETE', `/competition/round/delete/${spare.round_id}`, ctx.tok.admin)).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------- examinees and their numbers

describe('candidate numbers', () => {
  it('are sequential per event, 4 digits, never sent, and not reused after a delete', async () => {
    const event = await newEvent();
    const other = await newEvent();
    const a = await newExaminee(outsider(event.competition_id, { candidate_number: '9999' }));
    const b = await newExaminee(outsider(event.competition_id));
    const c = await newExaminee(outsider(event.competition_id));
    expect([a, b, c].map((e) => e.candidate_number)).toEqual(['0001', '0002', '0003']);
    expect((await newExaminee(outsider(other.competition_id))).candidate_number).toBe('0001');

    expect((await call(app(), 'DELETE', `/competition/examinee/delete/${c.examinee_id}`, ctx.tok.admin)).statusCode).toBe(200);
    expect((await newExaminee(outsider(event.competition_id))).candidate_number).toBe('0004');
    // an update keeps the number
    const updated = await call(app(), 'PUT', '/competition/examinee/update', ctx.tok.admin, { examinee_id: a.examinee_id, ...outsider(event.competition_id, { full_name: 'Tên mới' }) });
    expect(updated.json().data).toMatchObject({ candidate_number: '0001', full_name: 'Tên mới' });
  });

  it('two creates at once get different numbers', async () => {
    const event = await newEvent();
    const made = await Promise.all([newExaminee(outsider(event.competition_id)), newExaminee(outsider(event.competition_id)), newExaminee(outsider(event.competition_id))]);
    expect(made.map((e) => e.candidate_number).sort()).toEqual(['0001', '0002', '0003']);
  });

  it('skips a number an examinee of older data already holds', async () => {
    const event = await newEvent();
    await newExaminee(outsider(event.competition_id));
    await db().insert(examinees).values({ competitionId: event.competition_id, fullName: 'Thí sinh cũ', candidateNumber: '0002', topicId: fx.physics, typeId: fx.grade6 });
    expect((await newExaminee(outsider(event.competition_id))).candidate_number).toBe('0003');
  });
});

describe('examinees', () => {
  it('a student takes the account\'s name and birth date unless given; an outside candidate needs a name', async () => {
    const event = await newEvent();
    const student = await newExaminee({ competition_id: event.competition_id, user_id: fx.student, topic_id: fx.physics, type_id: fx.grade6, school: ' THCS Giảng Võ ' });
    const [account] = await db().select().from(users).where(eq(users.id, fx.student));
    expect(student).toMatchObject({
      user_id: fx.student, user_email: account.email, full_name: account.name, birth_date: '2013-07-09',
      topic_id: fx.physics, topic_name: 'Vật lý', type_id: fx.grade6, type_name: 'Lớp 6', school: 'THCS Giảng Võ', contact: null,
    });
    const named = await newExaminee({ competition_id: event.competition_id, user_id: fx.student, full_name: 'Tên trên giấy báo', birth_date: '2013-07-10', topic_id: fx.chemistry, type_id: fx.grade6 });
    expect(named).toMatchObject({ full_name: 'Tên trên giấy báo', birth_date: '2013-07-10' });

    const nameless = await call(app(), 'POST', '/competition/examinee/create', ctx.tok.admin, outsider(event.competition_id, { full_name: '  ' }));
    expect(refusal(nameless)).toMatchObject({ status: 400, fields: { full_name: T.examineeNameRequired } });
    const list = await examineesOf(event.competition_id);
    expect(list.map((e) => e.candidate_number)).toEqual(['0001', '0002']);
  });

  it('refuses bad input with a 400 naming the field, in Vietnamese', async () => {
    const event = await newEvent();
    const cases: Array<[string, Row, string, string]> = [
      ['a teacher as student', outsider(event.competition_id, { user_id: fx.teacher }), 'user_id', REFERENCE_TEXT.student],
      ['an unknown account', outsider(event.competition_id, { user_id: 999999 }), 'user_id', REFERENCE_TEXT.student],
      ['user as text', outsider(event.competition_id, { user_id: String(fx.student) }), 'user_id', T.studentNotFound],
      ['unknown subject', outsider(event.competition_id, { topic_id: 999999 }), 'topic_id', T.topicNotFound],
      ['no subject', outsider(event.competition_id, { topic_id: undefined }), 'topic_id', T.topicRequired],
      ['subject as text', outsider(event.competition_id, { topic_id: String(fx.physics) }), 'topic_id', T.topicRequired],
      ['unknown group', outsider(event.competition_id, { type_id: 999999 }), 'type_id', T.typeNotFound],
      ['not a calendar date', outsider(event.competition_id, { birth_date: '2014-02-30' }), 'birth_date', T.birthDate],
      ['long name', outsider(event.competition_id, { full_name: 'x'.repeat(256) }), 'full_name', T.examineeNameMax],
      ['long school', outsider(event.competition_id, { school: 'x'.repeat(256) }), 'school', T.schoolMax],
      ['unknown event', outsider(999999), 'competition_id', REFERENCE_TEXT.competition],
    ];
    for (const [what, payload, field, message] of cases) {
      const res = await call(app(), 'POST', '/competition/examinee/create', ctx.tok.admin, payload);
      expect({ what, status: res.statusCode, message: res.json().error.fields?.[field] }).toEqual({ what, status: 400, message });
    }
    // the giáo vụ of Hà Nội does not see a student of Hồ Chí Minh: answered as a missing one
    const hcm = await call(app(), 'POST', '/competition/examinee/create', ctx.tok.academicAffair, outsider(event.competition_id, { user_id: fx.hcmStudent }));
    expect(refusal(hcm)).toMatchObject({ status: 400, fields: { user_id: REFERENCE_TEXT.student } });
    expect(await examineesOf(event.competition_id)).toEqual([]);
  });

  it('a student enters a subject of an event once; an examinee stays in its event; one with a score stays', async () => {
    const event = await newEvent();
    const other = await newEvent();
    const entry = await newExaminee({ competition_id: event.competition_id, user_id: fx.otherStudent, topic_id: fx.physics, type_id: fx.grade6 });
    const twice = await call(app(), 'POST', '/competition/examinee/create', ctx.tok.admin, { competition_id: event.competition_id, user_id: fx.otherStudent, topic_id: fx.physics, type_id: fx.grade7 });
    expect(refusal(twice)).toMatchObject({ status: 409, fields: { user_id: T.studentTwice } });
    await newExaminee({ competition_id: event.competition_id, user_id: fx.otherStudent, topic_id: fx.chemistry, type_id: fx.grade6 });
    await newExaminee({ competition_id: other.competition_id, user_id: fx.otherStudent, topic_id: fx.physics, type_id: fx.grade6 });
    // an update may keep its own subject
    const same = await call(app(), 'PUT', '/competition/examinee/update', ctx.tok.admin, { examinee_id: entry.examinee_id, competition_id: event.competition_id, user_id: fx.otherStudent, topic_id: fx.physics, type_id: fx.grade7 });
    expect(same.json().data).toMatchObject({ type_id: fx.grade7, type_name: 'Lớp 7' });

    const moved = await call(app(), 'PUT', '/competition/examinee/update', ctx.tok.admin, { examinee_id: entry.examinee_id, competition_id: other.competition_id, user_id: fx.otherStudent, topic_id: fx.chemistry, type_id: fx.grade6 });
    expect(refusal(moved)).toMatchObject({ status: 400, fields: { competition_id: T.competitionMoved } });

    const round = await newRound(event.competition_id);
    await score(entry.examinee_id, round.round_id, 50);
    expect(refusal(await call(app(), 'DELETE', `/competition/examinee/delete/${entry.examinee_id}`, ctx.tok.admin))).toMatchObject({ status: 409, message: T.examineeHasScores });
  });

  it('nobody is added once a round of the event is finalised', async () => {
    const event = await newEvent();
    const round = await newRound(event.competition_id);
    const entry = await newExaminee(outsider(event.competition_id));
    await finalise(round.round_id);
    const late = await call(app(), 'POST', '/competition/examinee/create', ctx.tok.admin, outsider(event.competition_id));
    expect(refusal(late)).toMatchObject({ status: 409, message: T.registrationClosed });
    const imported = await importSheet(event.competition_id, await sheetFile([['Nguyễn Văn Muộn', '', '', '', '', 'Vật lý', 'Lớp 6']]));
    expect(refusal(imported)).toMatchObject({ status: 409, message: T.registrationClosed });
    // an examinee already in may still be corrected
    const fixed = await call(app(), 'PUT', '/competition/examinee/update', ctx.tok.admin, { examinee_id: entry.examinee_id, ...outsider(event.competition_id, { school: 'TH Kim Đồng' }) });
    expect(fixed.statusCode).toBe(200);
  });

  it('filters by event, subject and group, and searches name, candidate number and school', async () => {
    const event = await newEvent();
    await newExaminee(outsider(event.competition_id, { full_name: 'Đỗ Minh Khôi', school: 'TH Ngọc Hà' }));
    await newExaminee(outsider(event.competition_id, { full_name: 'Lưu Thảo Nhi', topic_id: fx.chemistry, type_id: fx.grade7 }));
    const names = async (query: string) =>
      ((await call(app(), 'GET', `/competition/examinee/list?limit=100&competition_id=${event.competition_id}&${query}`, ctx.tok.admin)).json().data.rows as Examinee[]).map((e) => e.full_name);
    expect(await names(`topic_id=${fx.chemistry}`)).toEqual(['Lưu Thảo Nhi']);
    expect(await names(`type_id=${fx.grade6}`)).toEqual(['Đỗ Minh Khôi']);
    expect(await names(`search=${q('ngọc hà')}`)).toEqual(['Đỗ Minh Khôi']);
    expect(await names('search=0002')).toEqual(['Lưu Thảo Nhi']);
    expect(await names('sort_column=candidate_number&sort_type=DESC')).toEqual(['Lưu Thảo Nhi', 'Đỗ Minh Khôi']);
    expect((await call(app(), 'GET', '/competition/examinee/list?topic_id=x', ctx.tok.admin)).statusCode).toBe(400);
  });
});

// ---------------------------------------------------------------- import, template, export

const HEADER = [C.fullName, C.birthDate, C.studentEmail, C.school, C.contact, C.topic, C.type];

/** An xlsx file whose first sheet holds `header` then `rows`. */
async function sheetFile(rows: unknown[][], header: unknown[] = HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Thí sinh');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function importForm(competitionId: number | string | undefined, file?: Buffer, filename = 'thi-sinh.xlsx'): FormData {
  const form = new FormData();
  if (competitionId !== undefined) form.append('competition_id', String(competitionId));
  if (file) form.append('file', new Blob([new Uint8Array(file)]), filename);
  return form;
}

function importSheet(competitionId: number | string | undefined, file?: Buffer, token = ctx.tok.admin) {
  return app().inject({ method: 'POST', url: `${API}/competition/examinee/import`, headers: { authorization: `Bearer ${token}` }, payload: importForm(competitionId, file) });
}

async function readBook(res: LightMyRequestResponse): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}
/** The texts of a sheet's row `n`, its empty cells as ''. */
const rowValues = (sheet: ExcelJS.Worksheet, n: number) => Array.from({ length: sheet.columnCount }, (_, i) => sheet.getRow(n).getCell(i + 1).text);

describe('import', () => {
  it('imports every row of a good file in one go, numbered in sheet order, whatever the column order and spelling of the header', async () => {
    const event = await newEvent();
    await newExaminee(outsider(event.competition_id));
    const email = await emailOf(fx.student);
    // columns in another order, titles in another case and with spaces
    const header = [`  ${C.topic.toUpperCase()} `, C.type.toLowerCase(), C.fullName, C.studentEmail, C.birthDate, C.school, C.contact];
    const file = await sheetFile([
      ['vật lý', 'Lớp 6', 'Trần Bảo Ngọc', '', '05/01/2014', 'TH Kim Đồng', '0912345678'],
      ['  ', '', '', '', '', '', ''],
      ['Hoá học', 'LỚP 7', '', email.toUpperCase(), '', '', ''],
      ['Vật lý', 'Lớp 7', 'Phan Đức Long', '', new Date(Date.UTC(2013, 11, 31)), '', ''],
    ], header);
    const res = await importSheet(event.competition_id, file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { imported: 3, message: T.importDone(3) } });

    const [account] = await db().select().from(users).where(eq(users.id, fx.student));
    const list = await examineesOf(event.competition_id);
    expect(list.map((e) => [e.candidate_number, e.full_name, e.birth_date, e.topic_name, e.type_name, e.user_id, e.school, e.contact])).toEqual([
      ['0001', expect.any(String), '2014-03-04', 'Vật lý', 'Lớp 6', null, null, null],
      ['0002', 'Trần Bảo Ngọc', '2014-01-05', 'Vật lý', 'Lớp 6', null, 'TH Kim Đồng', '0912345678'],
      ['0003', account.name, '2013-07-09', 'Hoá học', 'Lớp 7', fx.student, null, null],
      ['0004', 'Phan Đức Long', '2013-12-31', 'Vật lý', 'Lớp 7', null, null, null],
    ]);
    const [entry] = await db().select().from(auditLogs).where(and(eq(auditLogs.resource, 'Examinee'), eq(auditLogs.action, 'import'))).orderBy(desc(auditLogs.id)).limit(1);
    expect(entry).toMatchObject({ resourceId: String(event.competition_id), after: { competition_id: event.competition_id, imported: 3, candidate_numbers: ['0002', '0003', '0004'] } });
  });

  it('takes a birth date as DD/MM/YYYY or YYYY-MM-DD text or as a date cell, the operator’s midnight written by a program included', async () => {
    const event = await newEvent();
    const file = await sheetFile([
      ['Đỗ Minh Anh', '2014-05-12', '', '', '', 'Vật lý', 'Lớp 6'],
      ['Hồ Thu Trang', '9/1/2013', '', '', '', 'Vật lý', 'Lớp 6'],
      ['Lâm Gia Bảo', new Date('2014-05-12T00:00:00+07:00'), '', '', '', 'Vật lý', 'Lớp 6'],
    ]);
    const res = await importSheet(event.competition_id, file);
    expect(res.json()).toEqual({ data: { imported: 3, message: T.importDone(3) } });
    expect((await examineesOf(event.competition_id)).map((e) => [e.full_name, e.birth_date])).toEqual([
      ['Đỗ Minh Anh', '2014-05-12'],
      ['Hồ Thu Trang', '2013-01-09'],
      ['Lâm Gia Bảo', '2014-05-12'],
    ]);
    const wrong = await importSheet(event.competition_id, await sheetFile([['Đỗ Minh Anh', '2014-02-30', '', '', '', 'Vật lý', 'Lớp 6']]));
    expect(wrong.json().error.rows).toEqual([{ row: 2, errors: [T.birthDate] }]);
  });

  it('one bad row among good ones: a 400 listing exactly that row with all its reasons, and nothing is written', async () => {
    const event = await newEvent();
    const file = await sheetFile([
      ['Ngô Hải Yến', '12/02/2014', '', '', '', 'Vật lý', 'Lớp 6'],
      ['', '30/02/2014', '', 'x'.repeat(256), '', 'Sinh học', ''],
      ['Vũ Gia Huy', '', '', '', '', 'Hoá học', 'Lớp 7'],
    ]);
    const res = await importSheet(event.competition_id, file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'IMPORT_REFUSED',
        message: T.importRefused(1),
        rows: [{ row: 3, errors: [T.examineeNameRequired, T.birthDate, T.schoolMax, T.topicNotFound, T.typeRequired] }],
      },
    });
    expect(await examineesOf(event.competition_id)).toEqual([]);
    // no number was taken either
    expect((await newExaminee(outsider(event.competition_id))).candidate_number).toBe('0001');
  });

  it('refuses a student twice in a subject, in the file or already in the event, and an email that is no student in reach', async () => {
    const event = await newEvent();
    await newExaminee({ competition_id: event.competition_id, user_id: fx.student, topic_id: fx.physics, type_id: fx.grade6 });
    const [own, other, hcm, teacher] = await Promise.all([emailOf(fx.student), emailOf(fx.otherStudent), emailOf(fx.hcmStudent), emailOf(fx.teacher)]);
    const file = await sheetFile([
      ['', '', own, '', '', 'Vật lý', 'Lớp 6'],
      ['', '', other, '', '', 'Hoá học', 'Lớp 6'],
      ['', '', other, '', '', 'hoá học', 'Lớp 7'],
      ['', '', hcm, '', '', 'Vật lý', 'Lớp 6'],
      ['', '', teacher, '', '', 'Vật lý', 'Lớp 6'],
    ]);
    // the giáo vụ of Hà Nội: the student of Hồ Chí Minh is out of their sight
    const res = await importSheet(event.competition_id, file, ctx.tok.academicAffair);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'IMPORT_REFUSED',
      message: T.importRefused(4),
      rows: [
        { row: 2, errors: [T.studentTwice] },
        { row: 4, errors: [T.importStudentTwiceInFile(3)] },
        { row: 5, errors: [T.studentNotFound] },
        { row: 6, errors: [T.studentNotFound] },
      ],
    });
    expect(await examineesOf(event.competition_id)).toHaveLength(1);
  });

  it('a cell holding a NUL character (the sheet\'s _x0000_ escape) refuses its row rather than failing the write', async () => {
    const event = await newEvent();
    const res = await importSheet(event.competition_id, await sheetFile([['An_x0000_Bình', '', '', '', '', 'Vật lý', 'Lớp 6']]));
    expect(res.json().error).toEqual({ code: 'IMPORT_REFUSED', message: T.importRefused(1), rows: [{ row: 2, errors: [BUILDER_TEXT.nulCharacter] }] });
  });

  it('a header without a required column is refused on row 1', async () => {
    const event = await newEvent();
    const res = await importSheet(event.competition_id, await sheetFile([['Lý Thu Hà', 'Vật lý']], [C.fullName, C.topic, 'Ghi chú']));
    expect(res.json().error).toEqual({ code: 'IMPORT_REFUSED', message: T.importRefused(1), rows: [{ row: 1, errors: [T.importColumnMissing(C.type)] }] });
  });

  it('bad files and forms are 400s with the contract\'s words, never a 500', async () => {
    const event = await newEvent();
    const good = await sheetFile([['Lý Thu Hà', '', '', '', '', 'Vật lý', 'Lớp 6']]);
    const cases: Array<[string, () => Promise<LightMyRequestResponse>, string, string]> = [
      ['a JSON body', () => call(app(), 'POST', '/competition/examinee/import', ctx.tok.admin, { competition_id: event.competition_id }), 'file', T.importFileRequired],
      ['no file', () => importSheet(event.competition_id), 'file', T.importFileRequired],
      ['an empty file', () => importSheet(event.competition_id, Buffer.alloc(0)), 'file', T.importFileRequired],
      ['a text file', () => importSheet(event.competition_id, Buffer.from('Họ và tên;Môn thi\nAn;Toán')), 'file', T.importFileInvalid],
      ['a zip that is no workbook', () => importSheet(event.competition_id, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)])), 'file', T.importFileInvalid],
      ['a header and no row', async () => importSheet(event.competition_id, await sheetFile([['', ' ']])), 'file', T.importEmpty],
      // a formula's cached result is whatever the author wrote: the file is refused, not its result taken
      ['a formula cell', async () => importSheet(event.competition_id, await sheetFile([[{ formula: 'HYPERLINK("http://x","Lý Thu Hà")', result: 'Lý Thu Hà' }, '', '', '', '', 'Vật lý', 'Lớp 6']])), 'file', T.importFormula('A2')],
      ['too many rows', async () => importSheet(event.competition_id, await sheetFile(Array.from({ length: COMPETITION_LIMITS.importRowsMax + 1 }, (_, i) => [`Thí sinh ${i}`, '', '', '', '', 'Vật lý', 'Lớp 6']))), 'file', T.importTooMany],
      ['too large', () => importSheet(event.competition_id, Buffer.concat([good, Buffer.alloc(COMPETITION_LIMITS.importBytesMax)])), 'file', T.importTooLarge],
      ['no event', () => importSheet(undefined, good), 'competition_id', T.competitionRequired],
      ['an event that is no number', () => importSheet('1e3', good), 'competition_id', T.competitionRequired],
      ['an unknown event', () => importSheet(999999, good), 'competition_id', REFERENCE_TEXT.competition],
    ];
    for (const [what, send, field, message] of cases) {
      const res = await send();
      expect({ what, status: res.statusCode, message: res.json().error?.fields?.[field] }).toEqual({ what, status: 400, message });
    }
    expect(await examineesOf(event.competition_id)).toEqual([]);
  });
});

describe('template and export', () => {
  it('the template has the header row (bold) and lists the subjects and groups on a second sheet', async () => {
    const res = await call(app(), 'GET', '/competition/examinee/template', ctx.tok.academicAffair);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="examinees-template.xlsx"');
    const book = await readBook(res);
    const [sheet, choices] = book.worksheets;
    expect(rowValues(sheet, 1)).toEqual(HEADER);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(1);
    const topics = new Set<unknown>();
    const groups = new Set<unknown>();
    choices.eachRow((row, n) => {
      if (n === 1) return;
      topics.add(row.getCell(1).value);
      groups.add(row.getCell(2).value);
    });
    expect(rowValues(choices, 1)).toEqual([C.topic, C.type]);
    expect([...topics]).toEqual(expect.arrayContaining(['Vật lý', 'Hoá học', 'Tiếng Anh', 'Toán']));
    expect([...groups]).toEqual(expect.arrayContaining(['Lớp 6', 'Lớp 7']));
    // a file made from the template imports
    const event = await newEvent();
    sheet.addRow(['Hồ Minh Anh', '01/06/2014', '', '', '', 'Vật lý', 'Lớp 6']);
    const filled = Buffer.from(await book.xlsx.writeBuffer());
    expect((await importSheet(event.competition_id, filled)).statusCode).toBe(200);
  });

  it('the export holds the candidate number then the template\'s columns, by candidate number, filtered as the list is', async () => {
    const event = await newEvent();
    const email = await emailOf(fx.student);
    await newExaminee(outsider(event.competition_id, { full_name: 'Đặng Quốc Bảo', birth_date: '2014-11-02', school: 'TH Thành Công', contact: '0987654321' }));
    await newExaminee({ competition_id: event.competition_id, user_id: fx.student, topic_id: fx.chemistry, type_id: fx.grade7 });
    await newExaminee(outsider(event.competition_id, { full_name: 'Mạc Thị Hoa', birth_date: null }));
    const [account] = await db().select().from(users).where(eq(users.id, fx.student));

    const res = await call(app(), 'GET', `/competition/examinee/export?competition_id=${event.competition_id}`, ctx.tok.academicAffair);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="\\d{4}-\\d{2}-\\d{2}_competition-${event.competition_id}_examinees\\.xlsx"$`));
    const sheet = (await readBook(res)).worksheets[0];
    expect(rowValues(sheet, 1)).toEqual(['Số báo danh', ...HEADER]);
    expect(sheet.rowCount).toBe(4);
    expect(rowValues(sheet, 2)).toEqual(['0001', 'Đặng Quốc Bảo', '02/11/2014', '', 'TH Thành Công', '0987654321', 'Vật lý', 'Lớp 6']);
    expect(rowValues(sheet, 3)).toEqual(['0002', account.name, '09/07/2013', email, '', '', 'Hoá học', 'Lớp 7']);
    expect(rowValues(sheet, 4)).toEqual(['0003', 'Mạc Thị Hoa', '', '', '', '', 'Vật lý', 'Lớp 6']);

    const filtered = await call(app(), 'GET', `/competition/examinee/export?competition_id=${event.competition_id}&topic_id=${fx.physics}&search=hoa`, ctx.tok.admin);
    const only = (await readBook(filtered)).worksheets[0];
    expect(only.rowCount).toBe(2);
    expect(rowValues(only, 2)[1]).toBe('Mạc Thị Hoa');

    expect(refusal(await call(app(), 'GET', '/competition/examinee/export', ctx.tok.admin))).toMatchObject({ status: 400, fields: { competition_id: T.competitionRequired } });
    expect(refusal(await call(app(), 'GET', '/competition/examinee/export?competition_id=999999', ctx.tok.admin))).toMatchObject({ status: 400, fields: { competition_id: T.competitionNotFound } });
  });

  it('the export writes a name, school or contact that starts like a formula as typed, in a cell that stays text', async () => {
    const event = await newEvent();
    const typed = { full_name: '=HYPERLINK("http://evil.example","Bấm vào")', school: '@SUM(1+1)*cmd|"/C calc"!A0', contact: '+84912000555' };
    await newExaminee(outsider(event.competition_id, typed));
    const res = await call(app(), 'GET', `/competition/examinee/export?competition_id=${event.competition_id}`, ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    const sheet = (await readBook(res)).worksheets[0];
    const columns = [C.fullName, C.school, C.contact].map((name) => rowValues(sheet, 1).indexOf(name) + 1);
    expect(columns.map((column) => sheet.getRow(2).getCell(column).value)).toEqual([typed.full_name, typed.school, typed.contact]);
    const kinds = await cellKinds(res.rawPayload);
    expect(columns.map((column) => kinds.get(`${sheet.getColumn(column).letter}2`))).toEqual(Array(3).fill({ formula: false, quotePrefix: true }));
    expect(kinds.get('A2')).toEqual({ formula: false, quotePrefix: false });
  });
});

// ---------------------------------------------------------------- reach

describe('who reaches what', () => {
  it('a giáo vụ of another centre gets 403 on a centre\'s event, its rounds and examinees, the neutral 400 when naming it in a write, and lists none of them', async () => {
    const event = await newEvent({ center_id: 1 });
    const round = await newRound(event.competition_id);
    const examinee = await newExaminee(outsider(event.competition_id));
    const other = fx.hcmAffair;
    const refusedFor = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => (await call(app(), method, url, other, payload)).statusCode;
    expect(await refusedFor('GET', `/competition/event/show/${event.competition_id}`)).toBe(403);
    expect(await refusedFor('PUT', '/competition/event/update', { competition_id: event.competition_id, name: 'Chiếm' })).toBe(403);
    expect(await refusedFor('DELETE', `/competition/event/delete/${event.competition_id}`)).toBe(403);
    expect(await refusedFor('GET', `/competition/round/show/${round.round_id}`)).toBe(403);
    expect(await refusedFor('PUT', '/competition/round/update', { round_id: round.round_id, ...roundBody(event.competition_id) })).toBe(403);
    expect(await refusedFor('DELETE', `/competition/round/delete/${round.round_id}`)).toBe(403);
    expect(await refusedFor('GET', `/competition/examinee/show/${examinee.examinee_id}`)).toBe(403);
    expect(await refusedFor('PUT', '/competition/examinee/update', { examinee_id: examinee.examinee_id, ...outsider(event.competition_id) })).toBe(403);
    expect(await refusedFor('DELETE', `/competition/examinee/delete/${examinee.examinee_id}`)).toBe(403);
    expect(await refusedFor('GET', `/competition/examinee/export?competition_id=${event.competition_id}`)).toBe(403);
    // a write naming the event (a new round, a new examinee, an import) is answered as for a missing event
    const missing = 999999;
    for (const competitionId of [event.competition_id, missing]) {
      const named = [
        await call(app(), 'POST', '/competition/round/create', other, roundBody(competitionId, { order: 2 })),
        await call(app(), 'POST', '/competition/examinee/create', other, outsider(competitionId)),
        await importSheet(competitionId, await sheetFile([['An', '', '', '', '', 'Vật lý', 'Lớp 6']]), other),
      ];
      expect({ competitionId, answers: named.map((res) => [res.statusCode, res.json().error.fields]) }).toEqual({
        competitionId,
        answers: Array(3).fill([400, { competition_id: REFERENCE_TEXT.competition }]),
      });
    }
    // nor does it show in their lists (a missing one stays a 404)
    const rows = async (url: string) => (await call(app(), 'GET', url, other)).json().data.rows as Row[];
    expect((await rows('/competition/event/list?limit=1000')).some((e) => e.competition_id === event.competition_id)).toBe(false);
    expect(await rows(`/competition/round/list?competition_id=${event.competition_id}`)).toEqual([]);
    expect(await rows(`/competition/examinee/list?competition_id=${event.competition_id}`)).toEqual([]);
    expect(await refusedFor('GET', '/competition/round/show/999999')).toBe(404);
    const [{ n }] = await db().select({ n: count() }).from(examinees).where(eq(examinees.competitionId, event.competition_id));
    expect(Number(n)).toBe(1);
  });

  it('a giáo vụ reads the events of every centre but manages only their centre\'s', async () => {
    const everyone = await newEvent({ center_id: null });
    const round = await newRound(everyone.competition_id);
    expect((await call(app(), 'GET', `/competition/event/show/${everyone.competition_id}`, ctx.tok.academicAffair)).statusCode).toBe(200);
    expect((await call(app(), 'GET', `/competition/round/show/${round.round_id}`, ctx.tok.academicAffair)).statusCode).toBe(200);
    expect((await call(app(), 'POST', '/competition/round/create', ctx.tok.academicAffair, roundBody(everyone.competition_id, { order: 2 }))).statusCode).toBe(403);
    expect((await call(app(), 'DELETE', `/competition/round/delete/${round.round_id}`, ctx.tok.academicAffair)).statusCode).toBe(403);
    expect((await call(app(), 'POST', '/competition/event/create', ctx.tok.academicAffair, eventBody({ center_id: null }))).statusCode).toBe(403);
    const own = await call(app(), 'POST', '/competition/event/create', ctx.tok.academicAffair, eventBody({ center_id: 1 }));
    expect(own.statusCode).toBe(201);
    expect((await call(app(), 'POST', '/competition/round/create', ctx.tok.academicAffair, roundBody(own.json().data.competition_id))).statusCode).toBe(201);
  });

  it('a teacher and a student get 403 on the management routes', async () => {
    const event = await newEvent();
    for (const token of [ctx.tok.teacher, ctx.tok.student]) {
      for (const [method, url, payload] of [
        ['GET', '/competition/event/list', undefined],
        ['GET', `/competition/event/show/${event.competition_id}`, undefined],
        ['POST', '/competition/event/create', eventBody()],
        ['GET', '/competition/topic/list', undefined],
        ['GET', '/competition/round/list', undefined],
        ['POST', '/competition/examinee/create', outsider(event.competition_id)],
        ['GET', '/competition/examinee/template', undefined],
        ['GET', `/competition/examinee/export?competition_id=${event.competition_id}`, undefined],
      ] as const) {
        const res = await call(app(), method, url, token, payload);
        expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
      }
      expect((await importSheet(event.competition_id, await sheetFile([]), token)).statusCode).toBe(403);
    }
    expect(await db().select().from(competitions).where(eq(competitions.competitionId, event.competition_id))).toHaveLength(1);
  });
});
