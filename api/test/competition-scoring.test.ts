/**
 * Scoring, finalising and ranking: scores within 0 … the round's maximum (strict input), a teacher grades
 * only the subjects assigned to them, a finalised round is locked, finalising advances those at or above
 * the pass score to the next round, and the ranking shares ranks between ties (1, 2, 2, 4).
 */
import ExcelJS from 'exceljs';
import { and, desc, eq } from 'drizzle-orm';
import { auditLogs, competitionGraders, competitions, examinees, examineeTypes, rounds, topics } from '../src/db/schema';
import { REFERENCE_TEXT } from '../src/access/references';
import { call, DEMO_ACCOUNTS, setUpTestApp, userIdByEmail } from './helpers';

const ctx = setUpTestApp();
const app = () => ctx.t.app;
const db = () => ctx.t.database.db;

interface Score {
  examinee_id: number;
  candidate_number: string;
  full_name: string;
  topic_id: number | null;
  score: number | null;
  comment: string | null;
  status: 'draft' | 'final' | null;
  grader_id: number | null;
}
interface Rank {
  rank: number;
  examinee_id: number;
  full_name: string;
  round_name: string;
  score: number;
}

/**
 * A fresh event of its own: two subjects (the teacher grades the first), one group, two rounds (pass 60,
 * then 75), and `names` examinees, alternating subjects (even indexes: the first subject).
 */
async function newEvent(label: string, names: string[]) {
  const [event] = await db().insert(competitions).values({ name: `Cuộc thi ${label}`, status: 3, candidateSeq: names.length }).returning();
  const [english, maths] = await db().insert(topics).values([{ name: `Tiếng Anh ${label}` }, { name: `Toán ${label}` }]).returning();
  const [group] = await db().insert(examineeTypes).values({ name: `Nhóm ${label}` }).returning();
  const [first, final] = await db()
    .insert(rounds)
    .values([
      { competitionId: event.competitionId, name: 'Vòng loại', order: 1, maxScore: 100, passScore: 60 },
      { competitionId: event.competitionId, name: 'Chung kết', order: 2, maxScore: 50, passScore: 40 },
    ])
    .returning();
  const people = await db()
    .insert(examinees)
    .values(
      names.map((fullName, i) => ({
        competitionId: event.competitionId,
        fullName,
        topicId: i % 2 === 0 ? english.topicId : maths.topicId,
        typeId: group.typeId,
        candidateNumber: String(i + 1).padStart(4, '0'),
        school: 'TH Nghĩa Tân',
      })),
    )
    .returning();
  const teacherId = await userIdByEmail(app(), ctx.tok.admin, DEMO_ACCOUNTS.teacher);
  await db().insert(competitionGraders).values({ competitionId: event.competitionId, topicId: english.topicId, userId: teacherId });
  const id = (name: string) => people.find((p) => p.fullName === name)!.examineeId;
  return { event, english, maths, group, first, final, id, teacherId };
}

const scores = (round_id: number, list: Array<{ examinee_id: number; score: number | null; comment?: string | null }>, token = ctx.tok.admin) =>
  call(app(), 'PUT', '/competition/scoring/update', token, { round_id, scores: list });
const listOf = async (roundId: number, token = ctx.tok.admin): Promise<Score[]> => {
  const res = await call(app(), 'GET', `/competition/scoring/list?round_id=${roundId}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data.rows;
};
const rankingOf = async (query: string, token = ctx.tok.admin): Promise<Rank[]> => {
  const res = await call(app(), 'GET', `/competition/ranking?${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data.rows;
};

describe('scores', () => {
  it('saves a round’s scores and comments, answers the saved rows, and removes a score sent as null', async () => {
    const e = await newEvent('lưu điểm', ['An', 'Bình', 'Chi']);
    const res = await scores(e.first.roundId, [
      { examinee_id: e.id('An'), score: 72, comment: '  Bài làm tốt ' },
      { examinee_id: e.id('Bình'), score: 0 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rows.map((r: Score) => [r.full_name, r.score, r.comment, r.status])).toEqual([
      ['An', 72, 'Bài làm tốt', 'draft'],
      ['Bình', 0, null, 'draft'],
    ]);

    const rows = await listOf(e.first.roundId);
    expect(rows.map((r) => [r.candidate_number, r.full_name, r.score])).toEqual([
      ['0001', 'An', 72],
      ['0002', 'Bình', 0],
      ['0003', 'Chi', null],
    ]);
    expect(rows[0].grader_id).toBe(await userIdByEmail(app(), ctx.tok.admin, DEMO_ACCOUNTS.admin));

    expect((await scores(e.first.roundId, [{ examinee_id: e.id('An'), score: null }])).statusCode).toBe(200);
    expect((await listOf(e.first.roundId)).find((r) => r.full_name === 'An')).toMatchObject({ score: null, comment: null, status: null });
  });

  it('keeps scores within 0 … the round’s maximum and on its step, refusing the whole save', async () => {
    const e = await newEvent('giới hạn', ['An', 'Bình']);
    const over = await scores(e.final.roundId, [{ examinee_id: e.id('An'), score: 51 }]);
    // the final's maximum is 50 (and nobody sits it yet, but the bound is checked first)
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields['scores.0.score']).toBe('Điểm từ 0 đến 50');

    const mixed = await scores(e.first.roundId, [
      { examinee_id: e.id('An'), score: 80 },
      { examinee_id: e.id('Bình'), score: 101 },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.fields).toEqual({ 'scores.1.score': 'Điểm từ 0 đến 100' });
    expect((await listOf(e.first.roundId)).every((r) => r.score === null)).toBe(true);

    // the round marks by 0.25 (the default): 80.3 and 80.125 fall between two steps; text is no number, not even "80,5"
    for (const [bad, message] of [[-1, 'Điểm từ 0 đến 10000'], [80.3, 'Điểm chấm theo bước 0,25'], [80.125, 'Điểm chấm theo bước 0,25'], ['80', 'Điểm từ 0 đến 10000'], ['80,5', 'Điểm từ 0 đến 10000'], [true, 'Điểm từ 0 đến 10000']] as const) {
      const res = await call(app(), 'PUT', '/competition/scoring/update', ctx.tok.admin, { round_id: e.first.roundId, scores: [{ examinee_id: e.id('An'), score: bad }] });
      expect({ bad, status: res.statusCode, message: res.json().error.fields?.['scores.0.score'] }).toEqual({ bad, status: 400, message });
    }
    expect((await listOf(e.first.roundId)).every((r) => r.score === null)).toBe(true);
    const twice = await scores(e.first.roundId, [
      { examinee_id: e.id('An'), score: 80 },
      { examinee_id: e.id('An'), score: 70 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect((await call(app(), 'PUT', '/competition/scoring/update', ctx.tok.admin, { round_id: e.first.roundId, scores: [] })).statusCode).toBe(400);
  });

  it('takes decimal scores on the round’s step, stored and answered exactly', async () => {
    const e = await newEvent('điểm lẻ', ['An', 'Bình', 'Chi', 'Dũng']);
    const res = await scores(e.first.roundId, [
      { examinee_id: e.id('An'), score: 7.5, comment: 'Trình bày sạch' },
      { examinee_id: e.id('Bình'), score: 7.25 },
      { examinee_id: e.id('Chi'), score: 99.75 },
      { examinee_id: e.id('Dũng'), score: 100 },
    ]);
    expect(res.statusCode).toBe(200);
    expect((await listOf(e.first.roundId)).map((r) => [r.full_name, r.score, r.comment])).toEqual([
      ['An', 7.5, 'Trình bày sạch'],
      ['Bình', 7.25, null],
      ['Chi', 99.75, null],
      ['Dũng', 100, null],
    ]);
    // a round marking by 0.1 takes 7.3 (a step apart from 7.2 in floating point would be 0.0999…)
    await db().update(rounds).set({ scoreStep: 0.1 }).where(eq(rounds.roundId, e.first.roundId));
    expect((await scores(e.first.roundId, [{ examinee_id: e.id('Bình'), score: 7.3 }])).json().data.rows[0].score).toBe(7.3);
    const half = await scores(e.first.roundId, [{ examinee_id: e.id('Bình'), score: 7.25 }]);
    expect(half.json().error.fields).toEqual({ 'scores.0.score': 'Điểm chấm theo bước 0,1' });
  });

  it('refuses an examinee who does not sit the round', async () => {
    const e = await newEvent('không thi', ['An']);
    const other = await newEvent('khác', ['Dũng']);
    const res = await scores(e.first.roundId, [{ examinee_id: other.id('Dũng'), score: 50 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['scores.0.examinee_id']).toBe('Thí sinh không thi vòng này');
    // nobody sits the final before the first round is finalised
    expect(await listOf(e.final.roundId)).toEqual([]);
    expect((await scores(e.final.roundId, [{ examinee_id: e.id('An'), score: 10 }])).statusCode).toBe(400);
  });
});

describe('graders', () => {
  it('a teacher sees and grades only the subjects assigned to them in the event', async () => {
    const e = await newEvent('giám khảo', ['An', 'Bình', 'Chi', 'Dũng']);
    const mine = await listOf(e.first.roundId, ctx.tok.teacher);
    expect(mine.map((r) => r.full_name)).toEqual(['An', 'Chi']);

    expect((await scores(e.first.roundId, [{ examinee_id: e.id('An'), score: 64 }], ctx.tok.teacher)).statusCode).toBe(200);
    const refused = await scores(e.first.roundId, [
      { examinee_id: e.id('Chi'), score: 70 },
      { examinee_id: e.id('Bình'), score: 90 },
    ], ctx.tok.teacher);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Bạn không được phân công chấm môn thi này');
    const all = await listOf(e.first.roundId);
    expect(all.map((r) => [r.full_name, r.score])).toEqual([
      ['An', 64],
      ['Bình', null],
      ['Chi', null],
      ['Dũng', null],
    ]);

    const events = (await call(app(), 'GET', '/competition/scoring/events', ctx.tok.teacher)).json().data.rows;
    const listed = events.find((row: { competition_id: number }) => row.competition_id === e.event.competitionId);
    expect(listed.topic_ids).toEqual([e.english.topicId]);
    expect(listed.rounds.map((r: { name: string }) => r.name)).toEqual(['Vòng loại', 'Chung kết']);
    const staffEvents = (await call(app(), 'GET', '/competition/scoring/events', ctx.tok.admin)).json().data.rows;
    expect(staffEvents.find((row: { competition_id: number }) => row.competition_id === e.event.competitionId).topic_ids).toBeNull();
  });

  it('a teacher with no subject in an event does not reach it; a student has no scoring at all', async () => {
    const e = await newEvent('không phân công', ['An']);
    await db().delete(competitionGraders).where(eq(competitionGraders.competitionId, e.event.competitionId));
    expect((await call(app(), 'GET', `/competition/scoring/list?round_id=${e.first.roundId}`, ctx.tok.teacher)).statusCode).toBe(403);
    // a save names the round it writes into: one out of reach is answered as a missing one
    for (const roundId of [e.first.roundId, 2_000_000_000]) {
      const saved = await scores(roundId, [{ examinee_id: e.id('An'), score: 10 }], ctx.tok.teacher);
      expect({ roundId, answer: [saved.statusCode, saved.json().error.fields] }).toEqual({ roundId, answer: [400, { round_id: REFERENCE_TEXT.round }] });
    }
    expect((await call(app(), 'GET', `/competition/ranking?competition_id=${e.event.competitionId}`, ctx.tok.teacher)).statusCode).toBe(403);
    const events = (await call(app(), 'GET', '/competition/scoring/events', ctx.tok.teacher)).json().data.rows;
    expect(events.map((row: { competition_id: number }) => row.competition_id)).not.toContain(e.event.competitionId);

    expect((await call(app(), 'GET', `/competition/scoring/list?round_id=${e.first.roundId}`, ctx.tok.student)).statusCode).toBe(403);
    expect((await call(app(), 'GET', '/competition/scoring/list?round_id=999999', ctx.tok.admin)).statusCode).toBe(404);
  });
});

describe('finalising a round', () => {
  it('locks its scores and advances those at or above the pass score to the next round', async () => {
    const e = await newEvent('chốt điểm', ['An', 'Bình', 'Chi', 'Dũng', 'Giang']);
    await scores(e.first.roundId, [
      { examinee_id: e.id('An'), score: 60 },
      { examinee_id: e.id('Bình'), score: 59 },
      { examinee_id: e.id('Chi'), score: 95 },
      { examinee_id: e.id('Dũng'), score: 0 },
      // Giang has no score: absent, not advanced
    ]);
    // the final cannot be finalised before the first round
    const early = await call(app(), 'POST', `/competition/round/finalize/${e.final.roundId}`, ctx.tok.admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Vòng thi trước chưa chốt điểm: Vòng loại');

    // grading is not finalising: a teacher (no LearningCompetition Update) is refused
    expect((await call(app(), 'POST', `/competition/round/finalize/${e.first.roundId}`, ctx.tok.teacher)).statusCode).toBe(403);

    const res = await call(app(), 'POST', `/competition/round/finalize/${e.first.roundId}`, ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ advanced: 2, next_round_id: e.final.roundId });
    expect(res.json().data.round.finalized_at).toEqual(expect.any(String));

    expect((await listOf(e.first.roundId)).filter((r) => r.score !== null).every((r) => r.status === 'final')).toBe(true);
    expect((await listOf(e.final.roundId)).map((r) => r.full_name)).toEqual(['An', 'Chi']);

    const locked = await scores(e.first.roundId, [{ examinee_id: e.id('Bình'), score: 61 }]);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe('Vòng thi đã chốt điểm: không thể thay đổi');
    expect((await listOf(e.first.roundId)).find((r) => r.full_name === 'Bình')!.score).toBe(59);
    expect((await call(app(), 'POST', `/competition/round/finalize/${e.first.roundId}`, ctx.tok.admin)).statusCode).toBe(409);

    // the final is graded, then finalised: the last round advances nobody
    expect((await scores(e.final.roundId, [{ examinee_id: e.id('An'), score: 45 }, { examinee_id: e.id('Chi'), score: 30 }])).statusCode).toBe(200);
    const last = await call(app(), 'POST', `/competition/round/finalize/${e.final.roundId}`, ctx.tok.admin);
    expect(last.json().data).toMatchObject({ advanced: 0, next_round_id: null });

    const [entry] = await db().select().from(auditLogs).where(and(eq(auditLogs.resource, 'Round'), eq(auditLogs.resourceId, String(e.first.roundId)))).orderBy(desc(auditLogs.id)).limit(1);
    expect(entry.action).toBe('finalize');
  });
});

describe('ranking', () => {
  it('orders by score with ties sharing a rank (1, 2, 2, 4), within a round, a subject and a group', async () => {
    const e = await newEvent('xếp hạng', ['An', 'Bình', 'Chi', 'Dũng', 'Giang']);
    await scores(e.first.roundId, [
      { examinee_id: e.id('An'), score: 70 },
      { examinee_id: e.id('Bình'), score: 80 },
      { examinee_id: e.id('Chi'), score: 90 },
      { examinee_id: e.id('Dũng'), score: 80 },
    ]);
    const round = await rankingOf(`competition_id=${e.event.competitionId}&round_id=${e.first.roundId}`);
    expect(round.map((r) => [r.rank, r.full_name, r.score])).toEqual([
      [1, 'Chi', 90],
      [2, 'Bình', 80],
      [2, 'Dũng', 80],
      [4, 'An', 70],
    ]);
    // within a subject the ranks start again (English: An, Chi, Giang)
    const english = await rankingOf(`competition_id=${e.event.competitionId}&round_id=${e.first.roundId}&topic_id=${e.english.topicId}`);
    expect(english.map((r) => [r.rank, r.full_name])).toEqual([
      [1, 'Chi'],
      [2, 'An'],
    ]);
    expect(await rankingOf(`competition_id=${e.event.competitionId}&type_id=${e.group.typeId + 100000}`)).toEqual([]);
    // a teacher ranks the subjects they grade
    expect((await rankingOf(`competition_id=${e.event.competitionId}`, ctx.tok.teacher)).map((r) => r.full_name)).toEqual(['Chi', 'An']);

    const other = await newEvent('vòng khác', ['Hà']);
    const wrongRound = await call(app(), 'GET', `/competition/ranking?competition_id=${e.event.competitionId}&round_id=${other.first.roundId}`, ctx.tok.admin);
    expect(wrongRound.statusCode).toBe(400);
    expect((await call(app(), 'GET', '/competition/ranking?competition_id=abc', ctx.tok.admin)).statusCode).toBe(400);
    expect((await call(app(), 'GET', '/competition/ranking?competition_id=999999', ctx.tok.admin)).statusCode).toBe(404);
  });

  it('over the whole event, ranks a finalist above everyone out in the round before, then by score', async () => {
    const e = await newEvent('toàn cuộc thi', ['An', 'Bình', 'Chi', 'Dũng']);
    await scores(e.first.roundId, [
      { examinee_id: e.id('An'), score: 99 },
      { examinee_id: e.id('Bình'), score: 61 },
      { examinee_id: e.id('Chi'), score: 40 },
      { examinee_id: e.id('Dũng'), score: 40 },
    ]);
    await call(app(), 'POST', `/competition/round/finalize/${e.first.roundId}`, ctx.tok.admin);
    await scores(e.final.roundId, [
      { examinee_id: e.id('An'), score: 20 },
      { examinee_id: e.id('Bình'), score: 45 },
    ]);
    const overall = await rankingOf(`competition_id=${e.event.competitionId}`);
    expect(overall.map((r) => [r.rank, r.full_name, r.round_name, r.score])).toEqual([
      [1, 'Bình', 'Chung kết', 45],
      [2, 'An', 'Chung kết', 20],
      [3, 'Chi', 'Vòng loại', 40],
      [3, 'Dũng', 'Vòng loại', 40],
    ]);

    const file = await call(app(), 'GET', `/competition/ranking/export?competition_id=${e.event.competitionId}`, ctx.tok.admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename=".+_ranking-\d+\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Xếp hạng')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Cuộc thi toàn cuộc thi');
    expect(sheet.getRow(2).values).toEqual([undefined, 'Hạng', 'Số báo danh', 'Họ và tên', 'Trường', 'Môn thi', 'Nhóm thí sinh', 'Vòng thi', 'Điểm']);
    const lines = [3, 4, 5, 6].map((n) => [sheet.getRow(n).getCell(1).value, sheet.getRow(n).getCell(3).value, sheet.getRow(n).getCell(8).value]);
    expect(lines).toEqual([
      [1, 'Bình', 45],
      [2, 'An', 20],
      [3, 'Chi', 40],
      [3, 'Dũng', 40],
    ]);
    // exporting is its own permission: the demo teacher does not have it
    expect((await call(app(), 'GET', `/competition/ranking/export?competition_id=${e.event.competitionId}`, ctx.tok.teacher)).statusCode).toBe(403);
  });
});

describe('decimal scores', () => {
  it('advance from a decimal pass score and tie exactly in the ranking', async () => {
    const e = await newEvent('điểm thập phân', ['An', 'Bình', 'Chi', 'Dũng']);
    await db().update(rounds).set({ passScore: 60.5, scoreStep: 0.1 }).where(eq(rounds.roundId, e.first.roundId));
    await scores(e.first.roundId, [
      // tenths a double cannot hold exactly: stored as decimals, the two 60.3 tie and 60.4 is above them
      { examinee_id: e.id('An'), score: 60.3 },
      { examinee_id: e.id('Bình'), score: 60.5 },
      { examinee_id: e.id('Chi'), score: 60.3 },
      { examinee_id: e.id('Dũng'), score: 60.4 },
    ]);
    const ranked = await rankingOf(`competition_id=${e.event.competitionId}&round_id=${e.first.roundId}`);
    expect(ranked.map((r) => [r.rank, r.full_name, r.score])).toEqual([
      [1, 'Bình', 60.5],
      [2, 'Dũng', 60.4],
      [3, 'An', 60.3],
      [3, 'Chi', 60.3],
    ]);
    const res = await call(app(), 'POST', `/competition/round/finalize/${e.first.roundId}`, ctx.tok.admin);
    expect(res.json().data).toMatchObject({ advanced: 1, round: { pass_score: 60.5, score_step: 0.1 } });
    expect((await listOf(e.final.roundId)).map((r) => r.full_name)).toEqual(['Bình']);
  });
});

describe('the demo event', () => {
  it('is running with two rounds, the first scored but for a few, a tie among its scores, and the teacher grading English', async () => {
    const events = (await call(app(), 'GET', '/competition/scoring/events', ctx.tok.teacher)).json().data.rows;
    const demo = events.find((row: { name: string }) => row.name === 'Olympic Tiếng Anh và Toán 2026');
    expect(demo.rounds.map((r: { name: string; finalized_at: string | null }) => [r.name, r.finalized_at])).toEqual([
      ['Vòng loại', null],
      ['Chung kết', null],
    ]);
    const rows = await listOf(demo.rounds[0].round_id, ctx.tok.teacher);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.filter((r) => r.score === null)).toHaveLength(3);
    const ranks = (await rankingOf(`competition_id=${demo.competition_id}&round_id=${demo.rounds[0].round_id}`)).map((r) => r.rank);
    expect(new Set(ranks).size).toBeLessThan(ranks.length);
  });
});
