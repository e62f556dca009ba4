/** The Vietnamese texts of the templates screen: its list, the editor with its preview, and the quiet window. */
import {
  FAMILY_MESSAGE_KIND_LABELS,
  FAMILY_MESSAGE_KINDS,
  MESSAGE_CHANNEL_LABELS,
  NON_URGENT_KINDS,
  type FamilyMessageKind,
  type MessageChannel,
} from '@trungtam/shared/contracts/familyMessages';

/** A kind's or a channel's label; one this build does not know yet by its name. */
export const kindLabel = (kind: string) => FAMILY_MESSAGE_KIND_LABELS[kind as FamilyMessageKind] ?? kind;
export const channelLabel = (channel: string) => MESSAGE_CHANNEL_LABELS[channel as MessageChannel] ?? channel;

const quoted = (kinds: readonly FamilyMessageKind[]) => kinds.map((kind) => `“${FAMILY_MESSAGE_KIND_LABELS[kind]}”`).join(', ');
/** The kinds that always go at once (a schedule change goes at once only when it touches today). */
const AT_ONCE = FAMILY_MESSAGE_KINDS.filter((kind) => !NON_URGENT_KINDS.includes(kind) && kind !== 'schedule_change');

export const MESSAGE_TEMPLATES_TEXTS = {
  title: 'Mẫu tin gửi phụ huynh',
  loading: 'Đang tải...',
  count: (kinds: number, custom: number) => `${kinds} loại tin · ${custom} mẫu đã sửa`,
  readOnly: 'Bạn chỉ được xem các mẫu tin; việc sửa mẫu do quản trị viên thực hiện.',
  empty: 'Chưa có mẫu tin nào',
  builtIn: 'Mặc định',
  custom: 'Đã sửa',
  channelOff: 'Kênh chưa bật',
  editedAt: (when: string) => `Sửa lúc ${when}`,
  waits: 'Chờ hết giờ yên lặng',
  edit: 'Sửa',
  view: 'Xem',
  editLabel: (kind: string, channel: string) => `Sửa mẫu ${kind} · ${channel}`,
  viewLabel: (kind: string, channel: string) => `Xem mẫu ${kind} · ${channel}`,
  reset: 'Khôi phục mặc định',
  resetLabel: (kind: string, channel: string) => `Khôi phục mặc định mẫu ${kind} · ${channel}`,
  resetQuestion: (kind: string, channel: string) => `Khôi phục mẫu “${kind} · ${channel}” về nội dung mặc định?`,
  resetEffect: 'Nội dung đã sửa của mẫu này sẽ bị xoá và không lấy lại được.',
  resetDone: 'Đã khôi phục mẫu tin mặc định',
  failed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
  // the editor
  editorTitle: (kind: string, channel: string) => `Mẫu tin: ${kind} · ${channel}`,
  subject: 'Tiêu đề',
  body: 'Nội dung',
  placeholders: 'Biến dùng được',
  placeholdersHelp: 'Bấm vào một biến để chèn vào vị trí con trỏ trong tiêu đề hoặc nội dung.',
  placeholdersReadOnly: 'Các biến được thay bằng thông tin của học viên và phụ huynh khi gửi.',
  insert: (name: string) => `Chèn {${name}}`,
  save: 'Lưu mẫu tin',
  saved: 'Đã lưu mẫu tin',
  cancel: 'Huỷ',
  close: 'Đóng',
  // the preview
  preview: 'Xem trước trên một học viên',
  previewHelp: 'Điền nội dung đang soạn (chưa lưu) bằng thông tin thật của học viên và phụ huynh; những thông tin của sự kiện (lớp, ngày, số tiền…) là ví dụ.',
  studentSearch: 'Tìm học viên theo tên, email, số điện thoại',
  student: 'Học viên',
  studentPlaceholder: 'Chọn học viên',
  studentNone: 'Không tìm thấy học viên phù hợp',
  previewButton: 'Xem trước',
  previewResult: 'Bản xem trước',
  previewRecipient: 'Người nhận',
  previewNoRecipient: 'Học viên chưa có liên hệ của phụ huynh: tin sẽ không được gửi',
  previewSubject: 'Tiêu đề',
  previewText: 'Nội dung',
  previewFailed: 'Không xem trước được, mời bạn thử lại',
  // the quiet window
  quietTitle: 'Giờ yên lặng',
  quietExplain: `Các tin ${quoted(NON_URGENT_KINDS)} viết trong giờ yên lặng được giữ lại và chỉ gửi khi giờ yên lặng kết thúc.`,
  quietAtOnce: `Tin ${quoted(AT_ONCE)} luôn gửi ngay; tin “${FAMILY_MESSAGE_KIND_LABELS.schedule_change}” gửi ngay khi buổi học là hôm nay.`,
  quietNone: 'Không đặt giờ yên lặng: mọi tin được gửi ngay.',
  quietWindow: (start: string, end: string) => `Từ ${start} đến ${end}${start > end ? ' sáng hôm sau' : ''}`,
  quietHelp: 'Giờ theo dạng HH:mm. Đặt giờ bắt đầu bằng giờ kết thúc để không dùng giờ yên lặng.',
  quietStart: 'Bắt đầu',
  quietEnd: 'Kết thúc',
  quietSave: 'Lưu giờ yên lặng',
  quietSaved: 'Đã lưu giờ yên lặng',
  channels: (labels: string[]) => `Kênh đang bật: ${labels.join(', ')}`,
} as const;
