/**
 * The Vietnamese texts of an area's health on the areas screen (its figures, charts and top errors, and
 * the rollout guard with its settings), and how its figures read: '2,5 %', '1.840 ms', '0,12'.
 */
import { GUARD_DEFAULTS, type Cohort } from '@trungtam/shared/contracts/telemetry';
import { formatNumber } from '@trungtam/shared/format';

export const HEALTH_TEXTS = {
  title: 'Tình trạng',
  period: 'Khoảng thời gian',
  periods: { day: '24 giờ qua', week: '7 ngày qua' },
  refresh: 'Làm mới',
  refreshing: 'Đang làm mới...',
  empty: 'Chưa có dữ liệu đo lường trong khoảng thời gian này',
  cohortEmpty: 'Chưa có dữ liệu đo lường',
  cohorts: { stable: 'Bản ổn định', candidate: 'Bản thử nghiệm' } satisfies Record<Cohort, string>,
  versions: (versions: readonly string[]) => (versions.length ? `Phiên bản ${versions.join(', ')}` : 'Chưa có phiên bản nào được đo'),
  figures: (cohort: string) => `Số liệu của ${cohort.toLocaleLowerCase('vi')}`,
  pageViews: 'Lượt xem trang',
  errorRate: 'Tỉ lệ lỗi',
  loadFailures: 'Lỗi tải',
  renderErrors: 'Lỗi hiển thị',
  unhandledErrors: 'Lỗi không được xử lý',
  lcp: 'LCP (p75)',
  inp: 'INP (p75)',
  cls: 'CLS (p75)',
  samples: (n: number) => `${formatNumber(n)} mẫu`,
  noValue: '–',
  // the charts
  pageViewsChart: 'Lượt xem trang theo thời gian',
  errorRateChart: 'Tỉ lệ lỗi theo thời gian',
  chartLoading: 'Đang tải biểu đồ...',
  showTable: 'Xem dạng bảng',
  hideTable: 'Ẩn bảng',
  seriesTable: 'Số liệu theo thời gian',
  time: 'Thời điểm',
  seriesColumn: (figure: string, cohort: string) => `${figure} (${cohort.toLocaleLowerCase('vi')})`,
  // top errors
  topErrors: 'Lỗi thường gặp',
  topErrorsOf: (cohort: string) => `Lỗi thường gặp của ${cohort.toLocaleLowerCase('vi')}`,
  noErrors: 'Không có lỗi nào',
  errorType: 'Loại lỗi',
  frame: 'Vị trí',
  version: 'Phiên bản',
  count: 'Số lần',
  firstSeen: 'Lần đầu',
  lastSeen: 'Lần cuối',
  kinds: { load_failure: 'Lỗi tải', render_error: 'Lỗi hiển thị', unhandled_error: 'Lỗi không được xử lý' } as Record<string, string>,
  // the guard
  guard: 'Bộ bảo vệ bản thử nghiệm',
  guardWatching: 'Đang theo dõi',
  guardPaused: 'Tạm dừng',
  guardNoCandidate: 'Không có bản thử nghiệm',
  guardRule: (minPageViews: number, factor: number, floor: number, inpWorseBy: number, minInpSamples: number) =>
    `Tự động tắt bản thử nghiệm khi, sau ${formatNumber(minPageViews)} lượt xem, tỉ lệ lỗi của nó vượt ${formatNumber(factor)} lần của bản ổn định và vượt ${formatPercent(floor)} (tính theo cận dưới khoảng tin cậy 95 %, để một vài lỗi ngẫu nhiên không đủ), hoặc INP (p75) chậm hơn bản ổn định quá ${formatPercent(inpWorseBy)} (khi mỗi bản có từ ${formatNumber(minInpSamples)} mẫu).`,
  guardPausedRule: 'Đang tạm dừng: bộ bảo vệ vẫn đánh giá nhưng không tự tắt bản thử nghiệm.',
  lastDecision: 'Quyết định gần nhất',
  guardRolledBackTag: 'Đã tự tắt',
  guardKeptTag: 'Giữ lại',
  noDecision: 'Chưa có quyết định nào',
  rolledBack: (version: string, when: string) => `Đã tự động tắt bản ${version} lúc ${when}`,
  kept: (version: string, when: string) => `Giữ bản ${version} (đánh giá lúc ${when})`,
  reason: 'Lý do',
  decisionFigures: 'Số liệu khi quyết định',
  guardSettings: 'Cài đặt bộ bảo vệ',
  // the guard's settings form
  settingsTitle: (area: string) => `Bộ bảo vệ bản thử nghiệm: ${area}`,
  settingsHelp: `Bộ bảo vệ thường xuyên so bản thử nghiệm với bản ổn định trong ${GUARD_DEFAULTS.windowMinutes} phút gần nhất và tự tắt bản thử nghiệm khi nó tệ hơn rõ rệt.`,
  paused: 'Tạm dừng bộ bảo vệ (chỉ theo dõi, không tự tắt)',
  minPageViews: 'Số lượt xem tối thiểu trước khi đánh giá',
  errorRateFloor: 'Ngưỡng tỉ lệ lỗi tối thiểu (%)',
  errorRateFloorHelp: 'Bản thử nghiệm bị tắt chỉ khi tỉ lệ lỗi của nó vượt cả ngưỡng này.',
  errorRateFactor: 'Hệ số so với tỉ lệ lỗi của bản ổn định',
  minInpSamples: 'Số mẫu INP tối thiểu của mỗi bản',
  inpWorseBy: 'INP chậm hơn bản ổn định quá (%)',
  save: 'Lưu cài đặt',
  saved: (area: string) => `Đã lưu cài đặt bộ bảo vệ của ${area}`,
  saveFailed: 'Không lưu được cài đặt, mời bạn thử lại',
  cancel: 'Huỷ',
  close: 'Đóng',
} as const;

/** The decision's figures as the guard names them, and how each reads; one not listed reads by its name. */
export const DECISION_FIGURE_LABELS: Record<string, string> = {
  candidate_page_views: 'Lượt xem của bản thử nghiệm',
  candidate_errors: 'Lỗi của bản thử nghiệm',
  candidate_error_rate: 'Tỉ lệ lỗi của bản thử nghiệm',
  candidate_error_rate_low: 'Tỉ lệ lỗi của bản thử nghiệm (cận dưới 95 %)',
  stable_page_views: 'Lượt xem của bản ổn định',
  stable_errors: 'Lỗi của bản ổn định',
  stable_error_rate: 'Tỉ lệ lỗi của bản ổn định',
  error_rate_threshold: 'Ngưỡng tỉ lệ lỗi',
  candidate_inp_p75: 'INP (p75) của bản thử nghiệm',
  stable_inp_p75: 'INP (p75) của bản ổn định',
  candidate_inp_samples: 'Mẫu INP của bản thử nghiệm',
  stable_inp_samples: 'Mẫu INP của bản ổn định',
};

/** A share (0.025) as a percentage: '2,5 %'. */
export function formatPercent(share: number): string {
  return `${formatNumber(share * 100)} %`;
}

/** Milliseconds, rounded: '1.840 ms'. */
export function formatMs(ms: number): string {
  return `${formatNumber(Math.round(ms))} ms`;
}

/** A figure of a decision, read by its name: a rate as a percentage, an INP in ms, any other as a number. */
export function formatDecisionFigure(name: string, value: number | null): string {
  if (value === null) return HEALTH_TEXTS.noValue;
  if (/rate/.test(name)) return formatPercent(value);
  if (/inp/.test(name) && !/samples/.test(name)) return formatMs(value);
  return formatNumber(value);
}
