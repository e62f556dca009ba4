/**
 * The write schemas of the settings records (centres, rooms, discounts, product types, teaching methods,
 * variant groups, variants): each field's limit and message written once. The API validates with them
 * (the resource declarations' `schemas.write`) and the settings forms are built from them
 * (`yupFromSchema`), so that the form shows the API's own message.
 */
import { Type } from 'typebox';
import { Id, Int, Nullable, Text, msgs } from './builders';

/** A required name: at most `max` characters, not blank; one message when left out or blank. */
export const requiredName = (max: number, messages: { required: string; maxLength: string }) =>
  Text(max, { minLength: 1, pattern: '\\S', messages: { required: messages.required, minLength: messages.required, pattern: messages.required, maxLength: messages.maxLength } });

/** An optional text: at most `max` characters, null or absent when not given. */
export const optionalText = (max: number, maxLengthMessage: string, options: { pattern?: string; patternMessage?: string } = {}) =>
  Type.Optional(
    Nullable(
      Text(max, {
        ...(options.pattern ? { pattern: options.pattern } : {}),
        messages: { maxLength: maxLengthMessage, ...(options.patternMessage ? { pattern: options.patternMessage } : {}) },
      }),
    ),
  );

/** A required choice of a row (a select): one message when none is chosen or the id is not one. */
export const requiredId = (message: string) => Id({ required: message, default: message });

/** The same two states of the settings records: 1 in use, 2 paused. */
const twoStates = (active: number, paused: number, message: string) => Type.Union([Type.Literal(active), Type.Literal(paused)], msgs({ required: message, default: message }));

// ---------------------------------------------------------------- centres

export const CENTER_STATUS = { ACTIVE: 1, PAUSED: 2 } as const;

export const CENTER_TEXT = {
  nameRequired: 'Tên trung tâm không được để trống',
  nameMax: 'Tên trung tâm dài nhất là 255 kí tự',
  addressMax: 'Địa chỉ dài nhất là 500 kí tự',
  phone: 'Số điện thoại không hợp lệ',
  status: 'Trạng thái: 1 (hoạt động) hoặc 2 (tạm ngừng)',
  duplicate: 'Trung tâm đã tồn tại',
  absenceRule: 'Quy định vắng mặt: đúng (tính buổi) hoặc sai (không tính)',
  lowBalance: 'Ngưỡng sắp hết buổi từ 0 đến 100 buổi',
  dueDays: 'Hạn thanh toán từ 0 đến 90 ngày sau khi tạo đơn',
  renewalLessonsOn: 'Buổi học của đơn gia hạn được cộng khi tạo đơn hoặc khi thu đủ tiền',
  bank: 'Chọn một ngân hàng trong danh sách',
  bankAccountNumber: 'Số tài khoản gồm 1 đến 19 chữ số hoặc chữ cái',
  bankAccountName: 'Tên chủ tài khoản dài nhất là 100 kí tự',
  bankIncomplete: 'Cần đủ ngân hàng và số tài khoản (hoặc bỏ trống cả hai)',
  paymentReminderDays: 'Nhắc học phí trước hạn từ 0 (không nhắc) đến 30 ngày',
  overdueNotice: 'Báo học phí quá hạn: đúng hoặc sai',
  sessionReminder: 'Nhắc lịch học hôm trước: đúng hoặc sai',
} as const;

/** The most lessons left at which an enrolment may be called running out. */
export const LOW_BALANCE_THRESHOLD_MAX = 100;

export const CenterWrite = {
  name: requiredName(255, { required: CENTER_TEXT.nameRequired, maxLength: CENTER_TEXT.nameMax }),
  address: optionalText(500, CENTER_TEXT.addressMax),
  phone_number: Type.Optional(Nullable(Text(20, { pattern: '^[0-9+ .()-]*$', messages: { default: CENTER_TEXT.phone } }))),
  status: twoStates(CENTER_STATUS.ACTIVE, CENTER_STATUS.PAUSED, CENTER_TEXT.status),
  /** The centre's rules for lessons (optional: a client that does not send them keeps them as they are). */
  absence_costs_lesson: Type.Optional(Type.Boolean(msgs({ default: CENTER_TEXT.absenceRule }))),
  low_balance_threshold: Type.Optional(Int(0, LOW_BALANCE_THRESHOLD_MAX, CENTER_TEXT.lowBalance)),
  /** Orders are due this many days after they are made. */
  payment_due_days: Type.Optional(Int(0, 90, CENTER_TEXT.dueDays)),
  /** When a renewal's lessons are added: at once ('order') or once it is paid ('payment'). */
  renewal_lessons_on: Type.Optional(Type.Enum(['order', 'payment'], msgs({ default: CENTER_TEXT.renewalLessonsOn }))),
  /** Families are reminded of an unpaid order this many days before it is due (0: not reminded). */
  payment_reminder_days: Type.Optional(Int(0, 30, CENTER_TEXT.paymentReminderDays)),
  /** Families are told when an order's due date passes unpaid. */
  overdue_notice: Type.Optional(Type.Boolean(msgs({ default: CENTER_TEXT.overdueNotice }))),
  /** Families are reminded the day before each session. */
  session_reminder: Type.Optional(Type.Boolean(msgs({ default: CENTER_TEXT.sessionReminder }))),
  /** The bank account transfers go to (the VietQR code of an order names it): a bank of the NAPAS list by its BIN. */
  bank_bin: Type.Optional(Nullable(Text(6, { pattern: '^(|\\d{6})$', messages: { default: CENTER_TEXT.bank } }))),
  bank_account_number: Type.Optional(Nullable(Text(19, { pattern: '^[A-Za-z0-9]*$', messages: { default: CENTER_TEXT.bankAccountNumber } }))),
  bank_account_name: optionalText(100, CENTER_TEXT.bankAccountName),
};
export const CenterWriteBody = Type.Object(CenterWrite);

// ---------------------------------------------------------------- rooms

export const ROOM_LIMITS = {
  nameMax: 255,
  numberMax: 32,
  /** The most people a room may be declared to hold. */
  capacityMax: 1000,
} as const;

export const ROOM_TEXT = {
  nameRequired: 'Tên phòng học không được để trống',
  nameMax: `Tên phòng học dài nhất là ${ROOM_LIMITS.nameMax} kí tự`,
  centerRequired: 'Trung tâm cần được chọn',
  numberMax: `Số phòng dài nhất là ${ROOM_LIMITS.numberMax} kí tự`,
  capacity: `Sức chứa từ 1 đến ${ROOM_LIMITS.capacityMax} người`,
  duplicate: 'Trung tâm đã có phòng học tên này',
} as const;

export const RoomWrite = {
  center_id: requiredId(ROOM_TEXT.centerRequired),
  name: requiredName(ROOM_LIMITS.nameMax, { required: ROOM_TEXT.nameRequired, maxLength: ROOM_TEXT.nameMax }),
  room_number: optionalText(ROOM_LIMITS.numberMax, ROOM_TEXT.numberMax),
  capacity: Type.Optional(Nullable(Int(1, ROOM_LIMITS.capacityMax, ROOM_TEXT.capacity))),
};
export const RoomWriteBody = Type.Object(RoomWrite);

// ---------------------------------------------------------------- discounts

export const DISCOUNT_STATUS = { ACTIVE: 1, HIDDEN: 2 } as const;

export const DISCOUNT_TEXT = {
  nameRequired: 'Tên khuyến mại không được để trống',
  nameMax: 'Tên khuyến mại dài nhất là 255 kí tự',
  percent: 'Phần trăm khuyến mại từ 0 đến 100',
  status: 'Trạng thái: 1 (đang áp dụng) hoặc 2 (ngừng áp dụng)',
  duplicate: 'Khuyến mại tên này đã tồn tại',
} as const;

export const DiscountWrite = {
  name: requiredName(255, { required: DISCOUNT_TEXT.nameRequired, maxLength: DISCOUNT_TEXT.nameMax }),
  discount_percent: Int(0, 100, { required: DISCOUNT_TEXT.percent, default: DISCOUNT_TEXT.percent }),
  status: Type.Optional(twoStates(DISCOUNT_STATUS.ACTIVE, DISCOUNT_STATUS.HIDDEN, DISCOUNT_TEXT.status)),
};
export const DiscountWriteBody = Type.Object(DiscountWrite);

// ---------------------------------------------------------------- the course catalogue's settings

/** The name of a catalogue entry ('loại sản phẩm', 'hình thức học', 'nhóm thuộc tính', 'thuộc tính'). */
export const catalogueName = (label: string) =>
  requiredName(255, { required: `Tên ${label} không được để trống`, maxLength: `Tên ${label} dài nhất là 255 kí tự` });

export const CATALOGUE_TEXT = {
  descriptionMax: 'Mô tả dài nhất là 2000 kí tự',
  groupRequired: 'Nhóm thuộc tính cần được chọn',
} as const;

/** A product type or a teaching method: a name and an optional description. */
export const namedItemWrite = (label: string) => ({
  name: catalogueName(label),
  description: optionalText(2000, CATALOGUE_TEXT.descriptionMax),
});
export const ProductTypeWrite = namedItemWrite('loại sản phẩm');
export const TeachingMethodWrite = namedItemWrite('hình thức học');
export const ProductTypeWriteBody = Type.Object(ProductTypeWrite);
export const TeachingMethodWriteBody = Type.Object(TeachingMethodWrite);

export const VariantGroupWrite = { name: catalogueName('nhóm thuộc tính') };
export const VariantGroupWriteBody = Type.Object(VariantGroupWrite);

export const VariantWrite = {
  variant_group_id: requiredId(CATALOGUE_TEXT.groupRequired),
  name: catalogueName('thuộc tính'),
};
export const VariantWriteBody = Type.Object(VariantWrite);
