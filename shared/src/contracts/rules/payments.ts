/**
 * Payments of orders: their methods, limits and Vietnamese texts, checked by the forms and the API. A leaf
 * module (it imports nothing of the contracts or the schemas), as the other rules files.
 */

export const PAYMENT_METHODS = ['cash', 'transfer', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, 'Tiền mặt' | 'Chuyển khoản' | 'Thẻ'> = {
  cash: 'Tiền mặt',
  transfer: 'Chuyển khoản',
  card: 'Thẻ',
};

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
  method: 'Hình thức thanh toán là tiền mặt, chuyển khoản hoặc thẻ',
  paidOn: 'Ngày thu là một ngày có thật, dạng YYYY-MM-DD',
  paidOnAfterToday: 'Ngày thu không được sau hôm nay',
  paidOnBeforeOrder: 'Ngày thu không được trước ngày tạo đơn hàng',
  noteLength: 'Ghi chú dài nhất là 255 kí tự',
  orderCancelled: 'Đơn hàng đã huỷ: không thu tiền được',
  orderPaid: 'Đơn hàng đã thu đủ',
  voidReason: 'Lý do huỷ phiếu thu là bắt buộc',
  voidReasonLength: 'Lý do dài nhất là 255 kí tự',
  alreadyVoided: 'Phiếu thu đã huỷ',
} as const;
