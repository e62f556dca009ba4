/**
 * Payments of orders: their methods, limits and Vietnamese texts, checked by the forms and the API. A leaf
 * module (it imports nothing of the contracts or the schemas), as the other rules files.
 */

/** How a payment is made: money received (cash, transfer, card), or the student's credit used (credit). */
export const PAYMENT_METHODS = ['cash', 'transfer', 'card', 'credit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The methods that bring money in (what the revenue counts); credit is money the centre already held. */
export const MONEY_IN_METHODS = ['cash', 'transfer', 'card'] as const satisfies readonly PaymentMethod[];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, 'Tiền mặt' | 'Chuyển khoản' | 'Thẻ' | 'Trừ tiền dư'> = {
  cash: 'Tiền mặt',
  transfer: 'Chuyển khoản',
  card: 'Thẻ',
  credit: 'Trừ tiền dư',
};

/** How a refund is given back. */
export const REFUND_METHODS = ['cash', 'transfer'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** What a cancelled enrolment's unused lessons become: money given back, or the student's credit. */
export const SETTLEMENT_KINDS = ['refund', 'credit'] as const;
export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];
export const SETTLEMENT_KIND_LABELS: Record<SettlementKind, string> = { refund: 'Hoàn tiền', credit: 'Ghi vào tiền dư' };

/**
 * The lines of a student's credit (money the centre holds for them): an over-payment kept (+), a cancelled
 * enrolment's unused lessons (+), credit used to pay an order (−), a line given back by a void (±), and
 * credit paid out in cash (−).
 */
export const CREDIT_KINDS = ['overpayment', 'cancellation', 'applied', 'voided', 'paid_out'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];
export const CREDIT_KIND_LABELS: Record<CreditKind, string> = {
  overpayment: 'Tiền thừa khi thu',
  cancellation: 'Hoàn buổi chưa học khi huỷ đăng ký',
  applied: 'Trừ vào đơn hàng',
  voided: 'Huỷ phiếu thu',
  paid_out: 'Trả lại tiền dư',
};

/**
 * What a cancelled enrolment proposes to give back: what was paid for it, pro rata of the lessons left
 * (paid × left ÷ total, rounded down to the đồng so the centre never proposes more than the share), and
 * never more than was paid.
 */
export function proposedRefund(paid: number, lessonsLeft: number, totalLessons: number): number {
  if (paid <= 0 || lessonsLeft <= 0 || totalLessons <= 0) return 0;
  return Math.min(paid, Math.floor((paid * Math.min(lessonsLeft, totalLessons)) / totalLessons));
}

/**
 * The lessons a transfer brings into the new class: the same count for the same course item; otherwise
 * the value of the lessons left at the old item's price per lesson, in lessons of the new item's price,
 * rounded down (the difference is shown before confirming). A free item counts lesson for lesson.
 */
export function transferredLessons(left: number, from: { price: number; lessons: number }, to: { price: number; lessons: number }, sameItem: boolean): number {
  if (left <= 0) return 0;
  if (sameItem || from.price <= 0 || to.price <= 0 || from.lessons <= 0 || to.lessons <= 0) return left;
  return Math.floor((left * from.price * to.lessons) / (from.lessons * to.price));
}

export const PAYMENT_LIMITS = {
  /** Whole đồng: the largest payment one receipt may take. */
  amountMax: 10_000_000_000,
  noteMax: 255,
  reasonMax: 255,
} as const;

/** "1.250.000 đ". */
export const formatVnd = (amount: number) => `${amount.toLocaleString('vi-VN').replace(/,/g, '.')} đ`;

export const PAYMENT_TEXT = {
  amount: 'Số tiền là số nguyên dương (đồng), tối đa 10.000.000.000 đ',
  overpaid: (owed: number) => `Số tiền vượt quá số còn phải thu (${formatVnd(owed)})`,
  method: 'Hình thức thanh toán là tiền mặt, chuyển khoản, thẻ hoặc trừ tiền dư',
  paidOn: 'Ngày thu là một ngày có thật, dạng YYYY-MM-DD',
  paidOnAfterToday: 'Ngày thu không được sau hôm nay',
  paidOnBeforeOrder: 'Ngày thu không được trước ngày tạo đơn hàng',
  noteLength: 'Ghi chú dài nhất là 255 kí tự',
  orderCancelled: 'Đơn hàng đã huỷ: không thu tiền được',
  orderPaid: 'Đơn hàng đã thu đủ',
  voidReason: 'Lý do huỷ phiếu thu là bắt buộc',
  voidReasonLength: 'Lý do dài nhất là 255 kí tự',
  alreadyVoided: 'Phiếu thu đã huỷ',
  excessAsCredit: 'Ghi phần dư vào tiền dư của học viên: có hoặc không',
  creditNotEnough: (balance: number) => `Tiền dư của học viên chỉ còn ${formatVnd(balance)}`,
  creditExcess: 'Trừ tiền dư không được vượt quá số còn phải thu',
  creditSpent: 'Không huỷ được: tiền dư của phiếu thu này đã được dùng',
} as const;

export const SETTLEMENT_TEXT = {
  kind: 'Chọn hoàn tiền hoặc ghi vào tiền dư',
  amount: (paid: number) => `Số tiền là số nguyên từ 0 đến số đã thu (${formatVnd(paid)})`,
  method: 'Hình thức hoàn tiền là tiền mặt hoặc chuyển khoản',
  reason: 'Số tiền khác đề xuất: lý do là bắt buộc',
  reasonLength: 'Lý do dài nhất là 255 kí tự',
  transferSameClass: 'Chọn một lớp khác lớp đang học',
  transferNoLessons: 'Học viên không còn buổi nào để chuyển',
  transferTargetEnrolled: 'Học viên đã có trong lớp này',
  transferNotActive: 'Chỉ chuyển được đăng ký đang học',
  renewNotActive: 'Chỉ gia hạn được đăng ký chưa bị xoá khỏi lớp',
  renewPending: 'Đăng ký này đang có đơn gia hạn chưa thu đủ',
} as const;
