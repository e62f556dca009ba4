/**
 * Messages to students' families: their kinds, channels, statuses, the guardians' fields and limits, the
 * templates' placeholders and built-in texts, and the quiet window. Checked by the forms and the API. A leaf
 * module (it imports nothing of the contracts or the schemas), as the other rules files.
 */

/** What a message tells of. */
export const FAMILY_MESSAGE_KINDS = [
  'absence',
  'absence_correction',
  'low_balance',
  'schedule_change',
  'payment_due',
  'payment_overdue',
  'receipt',
  'reminder',
  'free',
] as const;
export type FamilyMessageKind = (typeof FAMILY_MESSAGE_KINDS)[number];

export const FAMILY_MESSAGE_KIND_LABELS: Record<FamilyMessageKind, string> = {
  absence: 'Vắng học',
  absence_correction: 'Đính chính vắng học',
  low_balance: 'Sắp hết buổi',
  schedule_change: 'Thay đổi lịch học',
  payment_due: 'Sắp đến hạn đóng học phí',
  payment_overdue: 'Quá hạn đóng học phí',
  receipt: 'Phiếu thu',
  reminder: 'Nhắc lịch học',
  free: 'Tin của trung tâm',
};

/** The groups a guardian can opt out of, each holding one or more kinds. */
export const MESSAGE_GROUPS = ['absence', 'balance', 'schedule', 'payment', 'reminder', 'free'] as const;
export type MessageGroup = (typeof MESSAGE_GROUPS)[number];
export const MESSAGE_GROUP_LABELS: Record<MessageGroup, string> = {
  absence: 'Vắng học',
  balance: 'Sắp hết buổi',
  schedule: 'Thay đổi lịch học',
  payment: 'Học phí và phiếu thu',
  reminder: 'Nhắc lịch học',
  free: 'Tin của trung tâm',
};
export const MESSAGE_GROUP_OF: Record<FamilyMessageKind, MessageGroup> = {
  absence: 'absence',
  absence_correction: 'absence',
  low_balance: 'balance',
  schedule_change: 'schedule',
  payment_due: 'payment',
  payment_overdue: 'payment',
  receipt: 'payment',
  reminder: 'reminder',
  free: 'free',
};

/**
 * The kinds held by the quiet window until its end. Absences, their corrections and the staff's own messages
 * go at once; a schedule change goes at once when it touches today, and waits otherwise.
 */
export const NON_URGENT_KINDS: readonly FamilyMessageKind[] = ['low_balance', 'payment_due', 'payment_overdue', 'receipt', 'reminder'];

/** The channels a message can go by, in the order tried after the guardian's preferred one. */
export const MESSAGE_CHANNELS = ['email', 'zalo', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { email: 'E-mail', zalo: 'Zalo', sms: 'SMS' };

/**
 * queued: waiting to be sent (or sent again); sending: a worker has it; sent; failed: every attempt failed
 * (the provider's reason kept); held: waiting for the quiet window's end; opted_out: the guardian asked not to
 * receive this kind, so it was not sent.
 */
export const FAMILY_MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed', 'held', 'opted_out'] as const;
export type FamilyMessageStatus = (typeof FAMILY_MESSAGE_STATUSES)[number];
export const FAMILY_MESSAGE_STATUS_LABELS: Record<FamilyMessageStatus, string> = {
  queued: 'Chờ gửi',
  sending: 'Đang gửi',
  sent: 'Đã gửi',
  failed: 'Gửi thất bại',
  held: 'Chờ hết giờ yên lặng',
  opted_out: 'Phụ huynh từ chối nhận',
};

/** How a message addresses the guardian: "Kính gửi chị Lan". */
export const ADDRESS_FORMS = ['anh/chị', 'anh', 'chị'] as const;
export type AddressForm = (typeof ADDRESS_FORMS)[number];

export const GUARDIAN_LIMITS = { name: 255, phone: 20, email: 255, relationship: 50, perStudent: 5 } as const;

export const GUARDIAN_TEXT = {
  nameRequired: 'Vui lòng nhập tên phụ huynh',
  nameMax: `Tên phụ huynh tối đa ${GUARDIAN_LIMITS.name} ký tự`,
  phoneFormat: 'Số điện thoại phụ huynh không đúng định dạng',
  emailFormat: 'Email phụ huynh không đúng định dạng',
  emailMax: `Email phụ huynh tối đa ${GUARDIAN_LIMITS.email} ký tự`,
  contactRequired: 'Vui lòng nhập số điện thoại hoặc email của phụ huynh',
  relationshipMax: `Quan hệ tối đa ${GUARDIAN_LIMITS.relationship} ký tự`,
  channel: 'Kênh nhận tin: email, zalo hoặc sms',
  channelNeedsPhone: 'Nhận tin qua Zalo hoặc SMS cần số điện thoại',
  channelNeedsEmail: 'Nhận tin qua email cần địa chỉ email',
  addressAs: 'Cách xưng hô: anh/chị, anh hoặc chị',
  optedOut: 'Loại tin không hợp lệ',
  notFound: 'Phụ huynh không tồn tại hoặc ngoài phạm vi của bạn',
  notLinked: 'Phụ huynh không gắn với học viên này',
  alreadyLinked: 'Phụ huynh đã gắn với học viên này',
  tooMany: `Mỗi học viên có tối đa ${GUARDIAN_LIMITS.perStudent} phụ huynh`,
  notStudent: 'Tài khoản không phải học viên',
} as const;

/** Placeholders every kind offers. */
const COMMON_PLACEHOLDERS = {
  kinh_gui: 'Cách gọi phụ huynh, ví dụ “chị Lan”',
  hoc_vien: 'Tên học viên (các anh chị em cách nhau bằng dấu phẩy)',
  trung_tam: 'Tên trung tâm',
  sdt_trung_tam: 'Số điện thoại của trung tâm',
} as const;
const SESSION_PLACEHOLDERS = { lop: 'Tên lớp', ngay: 'Ngày học (DD/MM/YYYY)', gio: 'Giờ học (HH:mm)' } as const;
const ORDER_PLACEHOLDERS = { so_tien: 'Số tiền còn phải đóng', han_nop: 'Hạn đóng (DD/MM/YYYY)', noi_dung: 'Khoá học / lớp của đơn' } as const;

/** Each kind's placeholders, written `{name}` in a template, with what they hold. */
export const MESSAGE_PLACEHOLDERS: Record<FamilyMessageKind, Record<string, string>> = {
  absence: { ...COMMON_PLACEHOLDERS, ...SESSION_PLACEHOLDERS },
  absence_correction: { ...COMMON_PLACEHOLDERS, ...SESSION_PLACEHOLDERS, trang_thai: 'Trạng thái được ghi nhận (có mặt, vắng có phép)' },
  low_balance: { ...COMMON_PLACEHOLDERS, lop: 'Tên lớp', so_buoi_con: 'Số buổi còn lại' },
  schedule_change: { ...COMMON_PLACEHOLDERS, ...SESSION_PLACEHOLDERS, thay_doi: 'Nội dung thay đổi (dời sang…, huỷ, học bù, giáo viên dạy thay…)' },
  payment_due: { ...COMMON_PLACEHOLDERS, ...ORDER_PLACEHOLDERS },
  payment_overdue: { ...COMMON_PLACEHOLDERS, ...ORDER_PLACEHOLDERS },
  receipt: { ...COMMON_PLACEHOLDERS, so_tien: 'Số tiền đã thu', so_phieu: 'Số phiếu thu', ngay: 'Ngày thu (DD/MM/YYYY)' },
  reminder: { ...COMMON_PLACEHOLDERS, ...SESSION_PLACEHOLDERS, phong: 'Phòng học' },
  free: { ...COMMON_PLACEHOLDERS, tieu_de: 'Tiêu đề tin', noi_dung: 'Nội dung tin' },
};

const SIGN_OFF = 'Mọi thắc mắc xin {kinh_gui} liên hệ {trung_tam} qua số điện thoại {sdt_trung_tam}.\n\nTrân trọng.';

/** The built-in text of each kind, used on every channel until an administrator writes one. */
export const DEFAULT_TEMPLATES: Record<FamilyMessageKind, { subject: string; body: string }> = {
  absence: {
    subject: 'Thông báo vắng học: {hoc_vien}',
    body: `Kính gửi {kinh_gui},\n\nTrung tâm xin thông báo: học viên {hoc_vien} vắng mặt buổi học lớp {lop} lúc {gio} ngày {ngay}.\n${SIGN_OFF}`,
  },
  absence_correction: {
    subject: 'Điều chỉnh thông báo vắng học: {hoc_vien}',
    body: `Kính gửi {kinh_gui},\n\nTrung tâm xin đính chính: học viên {hoc_vien} được ghi nhận {trang_thai} ở buổi học lớp {lop} lúc {gio} ngày {ngay}. Thông báo vắng học trước đó không còn đúng, mong {kinh_gui} thông cảm.\n${SIGN_OFF}`,
  },
  low_balance: {
    subject: 'Sắp hết buổi học: {hoc_vien}',
    body: `Kính gửi {kinh_gui},\n\nHọc viên {hoc_vien} còn {so_buoi_con} buổi học ở lớp {lop}. Để việc học không bị gián đoạn, mong {kinh_gui} gia hạn khoá học.\n${SIGN_OFF}`,
  },
  schedule_change: {
    subject: 'Thay đổi lịch học lớp {lop}',
    body: `Kính gửi {kinh_gui},\n\nBuổi học lớp {lop} của học viên {hoc_vien} lúc {gio} ngày {ngay} {thay_doi}.\n${SIGN_OFF}`,
  },
  payment_due: {
    subject: 'Nhắc hạn đóng học phí: {hoc_vien}',
    body: `Kính gửi {kinh_gui},\n\nHọc phí {noi_dung} của học viên {hoc_vien} còn {so_tien}, hạn đóng ngày {han_nop}.\n${SIGN_OFF}`,
  },
  payment_overdue: {
    subject: 'Học phí quá hạn: {hoc_vien}',
    body: `Kính gửi {kinh_gui},\n\nHọc phí {noi_dung} của học viên {hoc_vien} còn {so_tien} đã quá hạn đóng ngày {han_nop}. Mong {kinh_gui} hoàn tất sớm.\n${SIGN_OFF}`,
  },
  receipt: {
    subject: 'Phiếu thu {so_phieu}: {hoc_vien}',
    body: `Kính gửi {kinh_gui},\n\nTrung tâm đã nhận {so_tien} học phí của học viên {hoc_vien} ngày {ngay} (phiếu thu {so_phieu}). Xin cảm ơn {kinh_gui}.\n${SIGN_OFF}`,
  },
  reminder: {
    subject: 'Nhắc lịch học ngày {ngay}',
    body: `Kính gửi {kinh_gui},\n\nHọc viên {hoc_vien} có buổi học lớp {lop} lúc {gio} ngày {ngay}, phòng {phong}.\n${SIGN_OFF}`,
  },
  free: {
    subject: '{tieu_de}',
    body: 'Kính gửi {kinh_gui},\n\n{noi_dung}\n\nTrân trọng.\n{trung_tam}',
  },
};

export const TEMPLATE_LIMITS = { subject: 255, body: 2000 } as const;

export const TEMPLATE_TEXT = {
  subjectRequired: 'Vui lòng nhập tiêu đề',
  subjectMax: `Tiêu đề tối đa ${TEMPLATE_LIMITS.subject} ký tự`,
  bodyRequired: 'Vui lòng nhập nội dung',
  bodyMax: `Nội dung tối đa ${TEMPLATE_LIMITS.body} ký tự`,
  kind: 'Loại tin không hợp lệ',
  channel: 'Kênh gửi: email, zalo hoặc sms',
  unknownPlaceholder: (names: string[]) => `Biến không dùng được cho loại tin này: ${names.map((name) => `{${name}}`).join(', ')}`,
  quietTime: 'Giờ theo dạng HH:mm (00:00–23:59)',
} as const;

const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g;

/** The placeholders `text` names, each once, in order. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]))];
}

/** The placeholders of `text` that `kind` does not offer. */
export function unknownPlaceholders(kind: FamilyMessageKind, text: string): string[] {
  const offered = MESSAGE_PLACEHOLDERS[kind];
  return placeholdersIn(text).filter((name) => !(name in offered));
}

/** `text` with each `{name}` replaced by its value (an unknown one is left as written). */
export function renderTemplate(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? values[name] : whole));
}

export const QUIET_TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/** Minutes since midnight of an `HH:mm` time. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Whether `minute` (since midnight, operator time) falls in the quiet window from `start` to `end` (HH:mm),
 * which may span midnight (21:00–07:00). An empty window (start = end) holds nothing.
 */
export function inQuietWindow(minute: number, start: string, end: string): boolean {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}
