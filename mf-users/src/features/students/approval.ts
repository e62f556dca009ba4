/**
 * The "Chờ duyệt" queue of self-registered students: POST /user/approve (into a centre and, optionally, a
 * class of it with a discount its course allows: the enrolment the API makes) and POST /user/reject.
 */
import { api } from '@trungtam/shared/api';
import { ACCOUNT_STATUS, type ApiData, type ApproveAccountRequest, type RejectAccountRequest, type User } from '@trungtam/shared/contracts';
import { ACCOUNTS } from '../../common/accounts';

export const APPROVAL_TEXTS = {
  queue: 'Chờ duyệt',
  approve: 'Duyệt',
  reject: 'Từ chối',
  title: 'Duyệt tài khoản tự đăng ký',
  submit: 'Duyệt vào trung tâm',
  section: 'Trung tâm và lớp học',
  centre: 'Trung tâm',
  centrePlaceholder: 'Chọn trung tâm',
  centreRequired: 'Trung tâm cần được chọn',
  klass: 'Lớp học (không bắt buộc)',
  klassPlaceholder: 'Chưa xếp lớp',
  klassHelp: 'Chọn lớp để xếp học viên vào lớp ngay khi duyệt (tạo đơn hàng của khoá học như khi gán lớp).',
  discount: 'Hình thức khuyến mại',
  discountPlaceholder: 'Chọn hình thức khuyến mại',
  discountRequired: 'Hình thức khuyến mại cần được chọn khi xếp lớp',
  approved: 'Đã duyệt tài khoản',
  approveFailed: 'Không duyệt được tài khoản, mời bạn thử lại',
  rejectQuestion: (name: string) => `Từ chối tài khoản ${name}?`,
  rejectDescription: 'Tài khoản sẽ bị xoá và không đăng nhập được nữa.',
  rejected: 'Đã từ chối tài khoản',
  rejectFailed: 'Không từ chối được tài khoản, mời bạn thử lại',
} as const;

export const isPending = (user: User) => user.status === ACCOUNT_STATUS.PENDING;

export async function approveAccount(body: ApproveAccountRequest): Promise<User> {
  return (await api.post<ApiData<User>>('/user/approve', body)).data.data;
}

export async function rejectAccount(body: RejectAccountRequest): Promise<void> {
  await api.post('/user/reject', body);
}

/** The writes refresh every students list (the account leaves the queue). */
export const useApproveAccount = () => ACCOUNTS.student.useWrite(approveAccount);
export const useRejectAccount = () => ACCOUNTS.student.useWrite(rejectAccount);
