/**
 * The grading screen: the grid typed from the keyboard and saved as it goes (what it sends, what each row
 * says), the cases where it must not send or must keep what was typed, read-only rounds and users, the
 * finalisation of a round, and the ranking with its ties and export.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Ranking, Round, Score, ScoresUpdate, ScoringEventRow } from '@trungtam/shared/contracts/competition';
import type { PermissionKey } from '@trungtam/shared/permissions';
import { FakeApiError, FakeFile, fakeApi, renderWithProviders, signInWith, spyToasts, type FakeRoute } from '@trungtam/shared/testing';
import { ScoringPage } from '../src/features/scoring/ScoringPage';

const STAMP = '2026-03-01T02:00:00.000Z';
const ROUND_1: Round = {
  round_id: 11,
  competition_id: 3,
  competition_name: 'Olympic Tiếng Anh 2026',
  name: 'Vòng 1',
  order: 1,
  date: '2026-04-05',
  max_score: 100,
  pass_score: 50,
  score_step: 0.25,
  finalized_at: null,
  created_at: STAMP,
  updated_at: STAMP,
};
const ROUND_2: Round = { ...ROUND_1, round_id: 12, name: 'Vòng 2', order: 2, date: '2026-05-10' };
const EVENT: ScoringEventRow = { competition_id: 3, name: 'Olympic Tiếng Anh 2026', status: 3, rounds: [ROUND_2, ROUND_1], topic_ids: null };

const score = (examinee_id: number, candidate_number: string, full_name: string, extra: Partial<Score> = {}): Score => ({
  examinee_id,
  candidate_number,
  full_name,
  topic_id: 1,
  topic_name: 'Nghe hiểu',
  type_id: 2,
  type_name: 'Lớp 5',
  score: null,
  comment: null,
  status: null,
  grader_id: null,
  updated_at: null,
  ...extra,
});
const ROWS: Score[] = [
  score(101, '0001', 'Nguyễn Minh An'),
  score(102, '0002', 'Trần Thu Bình'),
  score(103, '0003', 'Lê Hoài Chi', { score: 70, comment: 'Tốt', status: 'draft', topic_id: 4, topic_name: 'Viết', type_id: 5, type_name: 'Lớp 6' }),
];

const grant = (resource: PermissionKey['resource'], actions: PermissionKey['action'][]): PermissionKey[] => actions.map((action) => ({ resource, action }));
const GRADER = grant('LearningCompetitionExamineePoint', ['GetAll', 'Update', 'Export']);

/** The API of a round: the scores saved are answered as stored (comment trimmed, null when empty). */
function setUp({ events = [EVENT], round = ROUND_1, rows = ROWS, extra = {} }: { events?: ScoringEventRow[]; round?: Round; rows?: Score[]; extra?: Record<string, FakeRoute> } = {}) {
  return fakeApi({
    'GET /competition/scoring/events': () => ({ rows: events }),
    'GET /competition/scoring/list': ({ params }) => ({ round: { ...round, round_id: Number(params.round_id) }, rows }),
    'PUT /competition/scoring/update': ({ body }) => ({
      rows: (body as ScoresUpdate).scores.map((sent) => ({ ...rows.find((row) => row.examinee_id === sent.examinee_id)!, score: sent.score, comment: sent.comment ?? null, status: 'draft' })),
    }),
    ...extra,
  });
}

function open(route = `/competition/scoring?competition_id=3&round_id=11`) {
  return renderWithProviders(<ScoringPage saveDelayMs={20} />, { route });
}

const rowOf = (candidate: string) => screen.getByLabelText(`Điểm ${candidate}`).closest('tr')!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  jest.restoreAllMocks();
  sessionStorage.clear();
});

describe('the grid', () => {
  it('Enter saves the score and moves to the next row; the PUT carries the round and the score, and the row says saved', async () => {
    signInWith('teacher', 'Giáo viên', GRADER);
    const api = setUp();
    open();
    const first = await screen.findByLabelText('Điểm 0001');
    first.focus();
    fireEvent.change(first, { target: { value: '85' } });
    expect(within(rowOf('0001')).getByText('Chưa lưu')).toBeInTheDocument();
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(screen.getByLabelText('Điểm 0002')).toHaveFocus();

    await waitFor(() => expect(api.to('PUT /competition/scoring/update')).toHaveLength(1));
    expect(api.to('PUT /competition/scoring/update')[0].body).toEqual({ round_id: 11, scores: [{ examinee_id: 101, score: 85, comment: null }] });
    await waitFor(() => expect(within(rowOf('0001')).getByText('✓ Đã lưu')).toBeInTheDocument());
    expect(screen.getByText('Đã chấm 2/3 thí sinh · 2 thí sinh đạt (từ 50 điểm)')).toBeInTheDocument();

    // Shift+Enter goes back up
    fireEvent.keyDown(screen.getByLabelText('Điểm 0002'), { key: 'Enter', shiftKey: true });
    expect(screen.getByLabelText('Điểm 0001')).toHaveFocus();
  });

  it('scores typed down the column go in one PUT, with the comments; an emptied score is sent as null', async () => {
    signInWith('teacher', 'Giáo viên', GRADER);
    const api = setUp();
    open();
    fireEvent.change(await screen.findByLabelText('Điểm 0001'), { target: { value: '40' } });
    fireEvent.change(screen.getByLabelText('Nhận xét 0001'), { target: { value: '  Cần luyện nghe  ' } });
    fireEvent.keyDown(screen.getByLabelText('Nhận xét 0001'), { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('Điểm 0003'), { target: { value: '' } });
    fireEvent.blur(screen.getByLabelText('Điểm 0003'));

    await waitFor(() => expect(api.to('PUT /competition/scoring/update')).toHaveLength(1));
    expect(api.to('PUT /competition/scoring/update')[0].body).toEqual({
      round_id: 11,
      scores: [
        { examinee_id: 101, score: 40, comment: 'Cần luyện nghe' },
        { examinee_id: 103, score: null, comment: 'Tốt' },
      ],
    });
    await waitFor(() => expect(within(rowOf('0003')).getByText('✓ Đã lưu')).toBeInTheDocument());
    expect(screen.getByLabelText('Nhận xét 0001')).toHaveValue('Cần luyện nghe');
    expect(screen.getByText('Đã chấm 1/3 thí sinh · 0 thí sinh đạt (từ 50 điểm)')).toBeInTheDocument();
  });

  it('a score outside 0 … the maximum, or off the round’s step, is marked on its row and never sent', async () => {
    signInWith('teacher', 'Giáo viên', GRADER);
    const api = setUp();
    open();
    const first = await screen.findByLabelText('Điểm 0001');
    fireEvent.change(first, { target: { value: '150' } });
    fireEvent.keyDown(first, { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('Điểm 0002'), { target: { value: '7,3' } });
    fireEvent.blur(screen.getByLabelText('Điểm 0002'));

    expect(within(rowOf('0001')).getByText('Điểm từ 0 đến 100')).toBeInTheDocument();
    expect(within(rowOf('0002')).getByText('Điểm chấm theo bước 0,25')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    await pause(150);
    expect(api.to('PUT /competition/scoring/update')).toHaveLength(0);

    // corrected, it goes
    fireEvent.change(first, { target: { value: '100' } });
    fireEvent.blur(first);
    await waitFor(() => expect(api.to('PUT /competition/scoring/update')).toHaveLength(1));
    expect(api.to('PUT /competition/scoring/update')[0].body).toEqual({ round_id: 11, scores: [{ examinee_id: 101, score: 100, comment: null }] });
  });

  it('takes decimal scores typed with a comma or a dot, sends them as numbers and shows them with a comma', async () => {
    signInWith('teacher', 'Giáo viên', GRADER);
    const api = setUp();
    open();
    expect(await screen.findByText('Điểm tối đa 100 · điểm đạt 50 · bước điểm 0,25')).toBeInTheDocument();
    const first = screen.getByLabelText('Điểm 0001');
    fireEvent.change(first, { target: { value: '7,5' } });
    fireEvent.change(screen.getByLabelText('Nhận xét 0001'), { target: { value: 'Chữ đẹp' } });
    fireEvent.keyDown(first, { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('Điểm 0002'), { target: { value: '50.25' } });
    fireEvent.keyDown(screen.getByLabelText('Điểm 0002'), { key: 'Enter' });

    await waitFor(() => expect(api.to('PUT /competition/scoring/update')).toHaveLength(1));
    expect(api.to('PUT /competition/scoring/update')[0].body).toEqual({
      round_id: 11,
      scores: [
        { examinee_id: 101, score: 7.5, comment: 'Chữ đẹp' },
        { examinee_id: 102, score: 50.25, comment: null },
      ],
    });
    await waitFor(() => expect(within(rowOf('0002')).getByText('✓ Đã lưu')).toBeInTheDocument());
    expect(first).toHaveValue('7,5');
    expect(screen.getByLabelText('Điểm 0002')).toHaveValue('50,25');
    expect(screen.getByText('Đã chấm 3/3 thí sinh · 2 thí sinh đạt (từ 50 điểm)')).toBeInTheDocument();
  });

  it('a score the API refuses fails alone: the other rows of the save go again and are saved', async () => {
    signInWith('teacher', 'Giáo viên', GRADER);
    const api = setUp({
      extra: {
        'PUT /competition/scoring/update': ({ body }) => {
          const sent = (body as ScoresUpdate).scores;
          const refused = sent.findIndex((row) => row.examinee_id === 102);
          if (refused >= 0) throw new FakeApiError(400, 'Dữ liệu không hợp lệ', { [`scores.${refused}.score`]: 'Điểm chấm theo bước 0,5' });
          return { rows: sent.map((row) => ({ ...ROWS.find((r) => r.examinee_id === row.examinee_id)!, score: row.score, comment: row.comment ?? null, status: 'draft' })) };
        },
      },
    });
    open();
    fireEvent.change(await screen.findByLabelText('Điểm 0001'), { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText('Điểm 0002'), { target: { value: '7,25' } });
    fireEvent.change(screen.getByLabelText('Nhận xét 0002'), { target: { value: 'Cẩn thận' } });
    fireEvent.blur(screen.getByLabelText('Nhận xét 0002'));

    expect(await within(rowOf('0002')).findByText('Điểm chấm theo bước 0,5')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('0001')).getByText('✓ Đã lưu')).toBeInTheDocument());
    expect(api.to('PUT /competition/scoring/update').map((call) => (call.body as ScoresUpdate).scores.map((row) => row.examinee_id))).toEqual([[101, 102], [101]]);
    expect(screen.getByLabelText('Điểm 0002')).toHaveValue('7,25');
    expect(screen.getByLabelText('Nhận xét 0002')).toHaveValue('Cẩn thận');
  });

  it('what was typed and not saved, a refused score and the comment beside it, is still there after a reload', async () => {
    signInWith('teacher', 'Giáo viên', GRADER);
    const api = setUp();
    const page = open();
    fireEvent.change(await screen.findByLabelText('Điểm 0001'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Nhận xét 0001'), { target: { value: 'Bài rất tốt' } });
    fireEvent.blur(screen.getByLabelText('Nhận xét 0001'));
    expect(within(rowOf('0001')).getByText('Điểm từ 0 đến 100')).toBeInTheDocument();
    page.unmount();

    open();
    expect(await screen.findByLabelText('Điểm 0001')).toHaveValue('150');
    expect(screen.getByLabelText('Nhận xét 0001')).toHaveValue('Bài rất tốt');
    expect(within(rowOf('0001')).getByText('Điểm từ 0 đến 100')).toBeInTheDocument();
    // corrected, it is saved with its comment, and a later reload has nothing left to bring back
    fireEvent.change(screen.getByLabelText('Điểm 0001'), { target: { value: '95,5' } });
    fireEvent.blur(screen.getByLabelText('Điểm 0001'));
    await waitFor(() => expect(within(rowOf('0001')).getByText('✓ Đã lưu')).toBeInTheDocument());
    expect(api.to('PUT /competition/scoring/update').at(-1)!.body).toEqual({ round_id: 11, scores: [{ examinee_id: 101, score: 95.5, comment: 'Bài rất tốt' }] });
    expect(sessionStorage.getItem('trungtam-score-drafts:11')).toBeNull();
  });

  it("a refused save keeps what was typed and shows the API's reason; the retry sends it again", async () => {
    signInWith('teacher', 'Giáo viên', GRADER);
    let refuse = true;
    const api = setUp({
      extra: {
        'PUT /competition/scoring/update': ({ body }) => {
          if (refuse) throw new FakeApiError(403, 'Bạn không được phân công chấm môn thi này');
          return { rows: (body as ScoresUpdate).scores.map((sent) => ({ ...ROWS[0], score: sent.score, status: 'draft' })) };
        },
      },
    });
    open();
    const first = await screen.findByLabelText('Điểm 0001');
    fireEvent.change(first, { target: { value: '62' } });
    fireEvent.keyDown(first, { key: 'Enter' });

    expect(await within(rowOf('0001')).findByText('Bạn không được phân công chấm môn thi này')).toBeInTheDocument();
    expect(first).toHaveValue('62');
    expect(screen.getByText('Đã chấm 1/3 thí sinh · 1 thí sinh đạt (từ 50 điểm)')).toBeInTheDocument();

    refuse = false;
    fireEvent.click(within(rowOf('0001')).getByRole('button', { name: 'Lưu lại điểm 0001' }));
    await waitFor(() => expect(within(rowOf('0001')).getByText('✓ Đã lưu')).toBeInTheDocument());
    expect(api.to('PUT /competition/scoring/update')).toHaveLength(2);
    expect(api.to('PUT /competition/scoring/update')[1].body).toEqual({ round_id: 11, scores: [{ examinee_id: 101, score: 62, comment: null }] });
    expect(first).toHaveValue('62');
  });

  it('asks before the page is left while a score is not saved', async () => {
    signInWith('teacher', 'Giáo viên', GRADER);
    setUp();
    open();
    const first = await screen.findByLabelText('Điểm 0001');
    const leave = () => {
      const unload = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(unload);
      return unload.defaultPrevented;
    };
    expect(leave()).toBe(false);
    fireEvent.change(first, { target: { value: '90' } });
    expect(leave()).toBe(true);
    fireEvent.blur(first);
    await waitFor(() => expect(within(rowOf('0001')).getByText('✓ Đã lưu')).toBeInTheDocument());
    expect(leave()).toBe(false);
  });

  it('opens on the first round not finalised, and a finalised round is read-only, saying why', async () => {
    signInWith('teacher', 'Giáo viên', GRADER);
    const finalised = { ...ROUND_1, finalized_at: '2026-04-05T10:30:00.000Z' };
    const api = setUp({
      events: [{ ...EVENT, rounds: [ROUND_2, finalised] }],
      extra: { 'GET /competition/scoring/list': ({ params }) => ({ round: Number(params.round_id) === 11 ? finalised : ROUND_2, rows: ROWS }) },
    });
    open(`/competition/scoring?competition_id=3`);
    await screen.findByLabelText('Điểm 0001');
    expect(api.to('GET /competition/scoring/list')[0].params).toEqual({ round_id: 12 });
    expect(screen.getByLabelText('Điểm 0001')).toBeEnabled();

    fireEvent.change(screen.getByLabelText('Vòng thi'), { target: { value: '11' } });
    expect(await screen.findByText('Vòng thi đã chốt điểm lúc 05/04/2026 17:30: điểm đã khoá, chỉ xem được.')).toBeInTheDocument();
    expect(screen.getByLabelText('Điểm 0003')).toBeDisabled();
    expect(screen.getByLabelText('Nhận xét 0003')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Chốt điểm' })).not.toBeInTheDocument();
  });

  it('a user who may not score reads the grid only, and is told so', async () => {
    signInWith('teacher', 'Giáo viên', grant('LearningCompetitionExamineePoint', ['GetAll']));
    setUp();
    open();
    expect(await screen.findByText('Bạn chỉ được xem điểm: tài khoản chưa có quyền chấm điểm.')).toBeInTheDocument();
    expect(screen.getByLabelText('Điểm 0001')).toBeDisabled();
  });

  it("a teacher's rows of a subject assigned to someone else are read-only", async () => {
    signInWith('teacher', 'Giáo viên', GRADER);
    setUp({ events: [{ ...EVENT, topic_ids: [1] }] });
    open();
    await screen.findByLabelText('Điểm 0001');
    expect(screen.getByLabelText('Điểm 0001')).toBeEnabled();
    expect(screen.getByLabelText('Điểm 0003')).toBeDisabled();
    expect(within(rowOf('0003')).getByText('Bạn không được phân công chấm môn thi này')).toBeInTheDocument();
  });
});

describe('finalising a round', () => {
  const STAFF = [...grant('LearningCompetition', ['GetAll', 'Update']), ...GRADER];

  it('confirms with the count of examinees without a score, posts, toasts how many went on, and locks the grid', async () => {
    signInWith('academic_affair', 'Giáo vụ', STAFF);
    const toasts = spyToasts();
    // the API's round: finalised by the POST, as every later read gives it
    let round = ROUND_1;
    const api = setUp({
      extra: {
        'GET /competition/scoring/list': () => ({ round, rows: ROWS }),
        'POST /competition/round/finalize/11': () => {
          round = { ...ROUND_1, finalized_at: '2026-04-05T11:00:00.000Z' };
          return { round, advanced: 1, next_round_id: 12 };
        },
      },
    });
    open();
    await screen.findByLabelText('Điểm 0001');
    fireEvent.click(screen.getByRole('button', { name: 'Chốt điểm' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Chốt điểm Vòng 1?');
    expect(dialog).toHaveTextContent('2 thí sinh chưa có điểm sẽ không vào vòng sau');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Chốt điểm' }));

    await waitFor(() => expect(api.to('POST /competition/round/finalize/11')).toHaveLength(1));
    await waitFor(() => expect(toasts.titles()).toContain('Đã chốt điểm: 1 thí sinh vào vòng sau'));
    await waitFor(() => expect(screen.getByLabelText('Điểm 0001')).toBeDisabled());
    expect(screen.getByText('Vòng thi đã chốt điểm lúc 05/04/2026 18:00: điểm đã khoá, chỉ xem được.')).toBeInTheDocument();
  });

  it('the last round says it was the last', async () => {
    signInWith('administrator', 'Administrator', []);
    const toasts = spyToasts();
    setUp({ extra: { 'POST /competition/round/finalize/11': () => ({ round: { ...ROUND_1, finalized_at: '2026-04-05T11:00:00.000Z' }, advanced: 0, next_round_id: null }) } });
    open();
    await screen.findByLabelText('Điểm 0001');
    fireEvent.click(screen.getByRole('button', { name: 'Chốt điểm' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Chốt điểm' }));
    await waitFor(() => expect(toasts.titles()).toContain('Đã chốt điểm vòng cuối cùng của cuộc thi'));
  });

  it("a refusal shows the API's reason and leaves the grid as it was", async () => {
    signInWith('administrator', 'Administrator', []);
    const toasts = spyToasts();
    setUp({
      extra: {
        'POST /competition/round/finalize/11': () => {
          throw new FakeApiError(409, 'Vòng thi trước chưa chốt điểm');
        },
      },
    });
    open();
    await screen.findByLabelText('Điểm 0001');
    fireEvent.click(screen.getByRole('button', { name: 'Chốt điểm' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Chốt điểm' }));
    await waitFor(() => expect(toasts.last()).toMatchObject({ type: 'error', title: 'Vòng thi trước chưa chốt điểm' }));
    expect(screen.getByLabelText('Điểm 0001')).toBeEnabled();
  });

  it('is not offered without LearningCompetition Update, and waits while a score is not saved', async () => {
    signInWith('teacher', 'Giáo viên', GRADER);
    setUp();
    const { unmount } = open();
    await screen.findByLabelText('Điểm 0001');
    expect(screen.queryByRole('button', { name: 'Chốt điểm' })).not.toBeInTheDocument();
    unmount();

    signInWith('administrator', 'Administrator', []);
    open();
    fireEvent.change(await screen.findByLabelText('Điểm 0002'), { target: { value: '55' } });
    expect(screen.getByRole('button', { name: 'Chốt điểm' })).toBeDisabled();
  });
});

describe('the ranking', () => {
  const rank = (position: number, examinee_id: number, candidate_number: string, full_name: string, value: number): Ranking => ({
    rank: position,
    examinee_id,
    candidate_number,
    full_name,
    school: 'THCS Cầu Giấy',
    topic_name: 'Nghe hiểu',
    type_name: 'Lớp 5',
    round_id: 11,
    round_name: 'Vòng 1',
    score: value,
  });
  const RANKING = [rank(1, 103, '0003', 'Lê Hoài Chi', 95), rank(2, 101, '0001', 'Nguyễn Minh An', 80), rank(2, 102, '0002', 'Trần Thu Bình', 80), rank(4, 104, '0004', 'Phạm Duy', 60)];
  const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

  it('shows ties sharing a rank; its filters and export send the same params', async () => {
    signInWith('teacher', 'Giáo viên', GRADER);
    const names: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:ranking'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const api = setUp({
      extra: {
        'GET /competition/ranking': () => ({ rows: RANKING }),
        'GET /competition/ranking/export': () => new FakeFile('xlsx', 'xep-hang_olympic.xlsx'),
      },
    });
    open(`/competition/scoring?competition_id=3&tab=ranking`);
    const table = await screen.findByRole('table', { name: 'Bảng xếp hạng' });
    await within(table).findByText('Phạm Duy');
    expect(api.to('GET /competition/ranking')[0].params).toEqual({ competition_id: 3 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['1', '0003', 'Lê Hoài Chi', 'THCS Cầu Giấy', 'Nghe hiểu', 'Lớp 5', 'Vòng 1', '95'],
      ['2Đồng hạng', '0001', 'Nguyễn Minh An', 'THCS Cầu Giấy', 'Nghe hiểu', 'Lớp 5', 'Vòng 1', '80'],
      ['2Đồng hạng', '0002', 'Trần Thu Bình', 'THCS Cầu Giấy', 'Nghe hiểu', 'Lớp 5', 'Vòng 1', '80'],
      ['4', '0004', 'Phạm Duy', 'THCS Cầu Giấy', 'Nghe hiểu', 'Lớp 5', 'Vòng 1', '60'],
    ]);

    // the subjects offered are those of the event's examinees
    const subject = screen.getByLabelText('Môn thi');
    await within(subject).findByRole('option', { name: 'Viết' });
    fireEvent.change(subject, { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Xếp hạng theo'), { target: { value: '11' } });
    await waitFor(() => expect(api.to('GET /competition/ranking').at(-1)!.params).toEqual({ competition_id: 3, round_id: 11, topic_id: 4 }));

    fireEvent.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(names).toEqual(['xep-hang_olympic.xlsx']));
    expect(api.to('GET /competition/ranking/export')[0].params).toEqual({ competition_id: 3, round_id: 11, topic_id: 4 });
  });
});
