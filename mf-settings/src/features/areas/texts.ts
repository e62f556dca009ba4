/**
 * The Vietnamese texts of the areas screen, and how a rollout reads: "30 % giáo viên", "các người dùng:
 * Nguyễn Văn An, Trần Thị Bình, và 10 % của giáo viên thuộc Trung tâm Hà Nội".
 */
import { USER_TYPE_LABELS } from '@trungtam/shared/labels';
import type { UserType } from '@trungtam/shared/permissions';

export const AREAS_TEXTS = {
  title: 'Phân hệ',
  count: (n: number) => `${n} khu vực`,
  loading: 'Đang tải...',
  empty: 'Chưa có khu vực nào',
  enabled: 'Đang bật',
  disabled: 'Đã tắt',
  stable: 'Bản ổn định',
  candidate: 'Bản thử nghiệm',
  previousStable: 'Bản ổn định trước',
  none: 'Không có',
  recipients: 'Người nhận',
  builds: 'Các bản dựng',
  buildsTable: (area: string) => `Các bản dựng của ${area}`,
  version: 'Phiên bản',
  releasedAt: 'Ngày phát hành',
  releasedBy: 'Người phát hành',
  /** A build of the registry file (no account released it). */
  fromRegistry: 'Tệp cấu hình',
  stableTag: 'ổn định',
  candidateTag: 'thử nghiệm',
  noBuilds: 'Chưa có bản dựng nào',
  allBuilds: (n: number) => `Xem cả ${n} bản dựng`,
  fewerBuilds: 'Thu gọn',
  // actions
  release: 'Phát hành thử nghiệm',
  releaseUnavailable: 'Chưa có bản dựng nào khác bản ổn định để thử nghiệm',
  promote: 'Đưa lên ổn định',
  rollback: 'Quay lại',
  disable: 'Tắt khu vực',
  enable: 'Bật khu vực',
  failed: 'Có lỗi của hệ thống, mời bạn thử lại',
  // the rollout form
  rolloutTitle: (area: string) => `Phát hành thử nghiệm: ${area}`,
  replaces: (version: string) => `Khu vực đang thử nghiệm bản ${version}: phát hành sẽ thay bản thử nghiệm và người nhận của nó.`,
  buildSection: 'Bản dựng thử nghiệm',
  build: 'Bản dựng',
  buildOption: (version: string, when: string) => `${version} (${when})`,
  buildPlaceholder: 'Chọn bản dựng',
  buildRequired: 'Cần chọn bản dựng thử nghiệm',
  whoSection: 'Ai nhận bản thử nghiệm',
  whoHelp:
    'Những người dùng được chọn riêng luôn nhận. Những người khác nhận khi khớp mọi điều kiện đã chọn (loại tài khoản, quyền, trung tâm; không chọn là không lọc) và rơi vào tỉ lệ phần trăm (mỗi người luôn ở cùng một nhóm).',
  percent: 'Tỉ lệ người dùng (%)',
  types: 'Loại tài khoản',
  roles: 'Quyền tài khoản',
  centers: 'Trung tâm',
  noFilter: 'Không chọn: không lọc',
  users: 'Người dùng cụ thể',
  userSearch: 'Tìm người dùng theo tên, email, số điện thoại',
  userPlaceholder: 'Chọn người dùng',
  userNone: 'Không tìm thấy người dùng phù hợp',
  userAdd: 'Thêm',
  userRemove: (label: string) => `Bỏ ${label}`,
  usersEmpty: 'Chưa chọn người dùng nào',
  summary: (who: string) => `Người nhận: ${who}`,
  rolloutSubmit: 'Phát hành thử nghiệm',
  rolledOut: (area: string, version: string) => `Bạn đã phát hành bản thử nghiệm ${version} của ${area}`,
  cancel: 'Huỷ',
  // confirmations
  promoteQuestion: (area: string) => `Đưa bản thử nghiệm của ${area} lên ổn định?`,
  promoteEffect: (candidate: string, stable: string) =>
    `Bản ${candidate} thành bản ổn định: mọi người dùng nhận bản ${candidate} ở lần tải trang sau; bản ${stable} thành bản ổn định trước (có thể quay lại).`,
  promoted: (area: string, version: string) => `Bản ${version} đã là bản ổn định của ${area}`,
  rollbackQuestion: (area: string) => `Quay lại ở khu vực ${area}?`,
  rollbackCandidate: (candidate: string, stable: string) => `Tắt bản thử nghiệm ${candidate}: mọi người dùng về bản ổn định ${stable} ở lần tải trang sau.`,
  rollbackStable: (stable: string, previous: string) => `Quay về bản ổn định trước ${previous}: mọi người dùng nhận bản ${previous} thay cho ${stable} ở lần tải trang sau.`,
  rolledBack: (area: string, version: string) => `${area} đã quay về bản ${version}`,
  disableQuestion: (area: string) => `Tắt khu vực ${area}?`,
  disableEffect: 'Khu vực bị ẩn với mọi người dùng (menu và các trang của nó) từ lần tải trang sau, đến khi được bật lại.',
  disabledDone: (area: string) => `Đã tắt khu vực ${area}`,
  enableQuestion: (area: string) => `Bật khu vực ${area}?`,
  enableEffect: 'Những người dùng có quyền lại thấy khu vực (menu và các trang của nó) từ lần tải trang sau.',
  enabledDone: (area: string) => `Đã bật khu vực ${area}`,
  // the preview
  preview: 'Xem như người dùng…',
  previewTitle: 'Xem như người dùng',
  previewHint: 'Chọn một người dùng để xem bản dựng của từng khu vực mà người đó nhận.',
  previewUser: 'Người dùng',
  previewReceived: 'Các khu vực được nhận',
  previewNone: 'Người dùng này không nhận khu vực nào',
  previewNotReceived: 'Không nhận (khu vực đã tắt hoặc không có trang nào người dùng được mở)',
  previewDenied: 'Các trang không được mở',
  previewFailed: 'Không xem được: ',
  entry: 'Địa chỉ bản dựng',
  close: 'Đóng',
} as const;

/** A rollout as the record keeps it, or as the form is about to send it. */
export interface RolloutRule {
  percent: number;
  types?: readonly string[];
  role_ids?: readonly number[];
  center_ids?: readonly number[];
  user_ids?: readonly number[];
}

/** The names a rollout's ids read as. */
export interface RolloutNames {
  role: (id: number) => string;
  center: (id: number) => string;
  user: (id: number) => string;
}

/** 'A', 'A và B', 'A, B và C' (or with 'hoặc'). */
export function joinVi(items: readonly string[], word: 'và' | 'hoặc'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;
}

const typeWord = (type: string) => (USER_TYPE_LABELS[type as UserType] ?? type).toLocaleLowerCase('vi');

/**
 * Who gets the candidate, in a sentence: the listed users, then the share of those matching every filter.
 * "30 % giáo viên"; "tất cả người dùng"; "các người dùng: A, B, và 10 % của giáo viên thuộc Trung tâm Hà Nội";
 * "chưa ai (0 %)".
 */
export function describeRollout(rollout: RolloutRule | null | undefined, names: RolloutNames): string {
  if (!rollout) return 'chưa ai';
  const types = rollout.types ?? [];
  const roles = (rollout.role_ids ?? []).map(names.role);
  const centers = (rollout.center_ids ?? []).map(names.center);
  const users = (rollout.user_ids ?? []).map(names.user);
  const population = [
    types.length ? joinVi(types.map(typeWord), 'và') : 'người dùng',
    roles.length ? `có quyền ${joinVi(roles, 'hoặc')}` : '',
    centers.length ? `thuộc ${joinVi(centers, 'hoặc')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const listed = users.length ? `${users.length > 1 ? 'các người dùng' : 'người dùng'}: ${users.join(', ')}` : '';
  const percent = Math.max(0, Math.min(100, rollout.percent));
  if (percent === 0) return listed || 'chưa ai (0 %)';
  const everyone = percent === 100;
  if (!listed) return everyone ? `tất cả ${population}` : `${percent} % ${population}`;
  return `${listed}, và ${everyone ? `tất cả ${population}` : `${percent} % của ${population}`}`;
}
