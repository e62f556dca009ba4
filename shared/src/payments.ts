/**
 * An order's payments ("Thu tiền"): the order with what is owed, a payment taken, a payment voided and its
 * receipt. Every area reads them through the kit's OrderPaymentsDialog, so the calls and their cache live
 * here once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import type { OrderDetail, Payment, PaymentCreateRequest, PaymentVoidRequest } from '@trungtam/shared/contracts/payments';
import { downloadFile } from './ui/ExportButton';

export const paymentKeys = {
  of: (orderId: number) => ['order-payments', orderId] as const,
};

/** GET /learning/order/show/:order_id. */
export async function getOrderDetail(orderId: number): Promise<OrderDetail> {
  const response = await api.get<ApiData<OrderDetail>>(`/learning/order/show/${orderId}`);
  return response.data.data;
}

/** POST /learning/order/payment/create: answers the order as it is after the payment. */
export async function createPayment(body: PaymentCreateRequest): Promise<OrderDetail> {
  const response = await api.post<ApiData<OrderDetail>>('/learning/order/payment/create', body);
  return response.data.data;
}

/** POST /learning/order/payment/void: answers the order as it is after the payment is voided. */
export async function voidPayment(body: PaymentVoidRequest): Promise<OrderDetail> {
  const response = await api.post<ApiData<OrderDetail>>('/learning/order/payment/void', body);
  return response.data.data;
}

/**
 * POST /learning/class-enrollment/renew: a new order for the enrolment's course item (its lessons added at
 * once or once it is paid, as the centre says); answers that order, to take its payment.
 */
export async function renewEnrollment(enrollmentId: number): Promise<OrderDetail> {
  const response = await api.post<ApiData<OrderDetail>>('/learning/class-enrollment/renew', { enrollment_id: enrollmentId });
  return response.data.data;
}

/** The receipt's PDF, asked for with the user's token (a plain link would go without it) and saved. */
export const downloadReceipt = (payment: Pick<Payment, 'payment_id' | 'receipt_no'>) =>
  downloadFile(`/learning/order/payment/receipt/${payment.payment_id}`, undefined, `phieu-thu-${payment.receipt_no}.pdf`);

export const useOrderDetail = (orderId: number | null) =>
  useQuery({
    queryKey: paymentKeys.of(orderId ?? 0),
    queryFn: () => getOrderDetail(orderId ?? 0),
    enabled: orderId !== null && orderId > 0,
  });

/**
 * A payment taken or voided by `send`: the order it answers is shown at once, and `onChanged` (the
 * caller's lists, whose paid amounts and statuses it changed) runs.
 */
export function usePaymentChange<B>(send: (body: B) => Promise<OrderDetail>, onChanged?: (order: OrderDetail) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (order) => {
      queryClient.setQueryData(paymentKeys.of(order.order_id), order);
      onChanged?.(order);
    },
  });
}
