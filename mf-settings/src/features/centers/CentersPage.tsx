/**
 * Centres (LearningCenter): name, address, phone, status, the centre's rules for lessons and payments, and
 * what its families are told on their own (a reminder before a payment is due, a notice once it is overdue,
 * a reminder of tomorrow's session), over /learning/center/*.
 */
import type { Center } from '@trungtam/shared/contracts';
import { FilterSelect, FilterText, intParam, DataSourceScreen, textParam, type FilterCodecs, pageParams } from '@trungtam/shared/resource';
import { CheckboxField, FormField, SelectField, SimpleGrid, Stack } from '@trungtam/shared/ui';
import { yupFromSchema } from '@trungtam/shared/forms';
import { CenterWriteBody } from '@trungtam/shared/schemas/settings';
import { BANKS } from '@trungtam/shared/contracts/banks';
import { twoStateStatus } from '../../common/status';
import { centers } from '@trungtam/shared/lookups';

export const CENTER_STATUS = twoStateStatus('Đang hoạt động', 'Tạm ngừng');

export const CENTERS_TEXTS = {
  title: 'Trung tâm',
  count: (n: number) => `${n} trung tâm`,
  add: 'Thêm trung tâm',
  table: 'Danh sách trung tâm',
  name: 'Tên trung tâm',
  address: 'Địa chỉ',
  phone: 'Số điện thoại',
  status: 'Trạng thái',
  absenceCostsLesson: 'Vắng không phép vẫn tính là một buổi học',
  absenceHelp: 'Vắng có phép không bao giờ bị tính buổi.',
  lowBalanceThreshold: 'Ngưỡng "Sắp hết buổi" (số buổi còn lại)',
  rules: 'Quy định buổi học',
  dueDays: 'Hạn thanh toán (số ngày sau khi tạo đơn)',
  renewalLessonsOn: 'Buổi học của đơn gia hạn được cộng',
  renewalOnPayment: 'Khi thu đủ tiền',
  renewalOnOrder: 'Ngay khi tạo đơn',
  bank: 'Ngân hàng nhận chuyển khoản',
  noBank: 'Chưa có',
  bankAccountNumber: 'Số tài khoản',
  bankAccountName: 'Tên chủ tài khoản',
  bankHelp: 'Mã VietQR của mỗi đơn còn nợ chuyển tiền vào tài khoản này.',
  section: 'Thông tin trung tâm',
  familySection: 'Tin gửi phụ huynh',
  paymentReminderDays: 'Nhắc học phí trước hạn (ngày)',
  paymentReminderHelp: '0 = không nhắc.',
  overdueNotice: 'Báo phụ huynh khi quá hạn học phí',
  sessionReminder: 'Nhắc lịch học hôm trước',
  search: 'Tìm theo tên, địa chỉ',
  created: 'Bạn đã thêm trung tâm thành công',
  updated: 'Bạn đã cập nhật trung tâm thành công',
} as const;

interface Filters {
  search: string;
  status: number;
}
const FILTERS: FilterCodecs<Filters> = { search: textParam('search'), status: intParam('status') };

interface Values {
  name: string;
  address: string;
  phone_number: string;
  status: number;
  absence_costs_lesson: boolean;
  low_balance_threshold: number | '';
  payment_due_days: number | '';
  renewal_lessons_on: 'order' | 'payment';
  bank_bin: string;
  bank_account_number: string;
  bank_account_name: string;
  payment_reminder_days: number | '';
  overdue_notice: boolean;
  session_reminder: boolean;
}

/** The API's centre write schema: its limits and messages. */
const schema = yupFromSchema(CenterWriteBody);

const toBody = (values: Values) => ({
  name: values.name.trim(),
  address: values.address.trim() || null,
  phone_number: values.phone_number.trim() || null,
  status: values.status,
  absence_costs_lesson: values.absence_costs_lesson,
  // left empty: the centre keeps its threshold
  low_balance_threshold: values.low_balance_threshold === '' ? undefined : Number(values.low_balance_threshold),
  payment_due_days: values.payment_due_days === '' ? undefined : Number(values.payment_due_days),
  renewal_lessons_on: values.renewal_lessons_on,
  bank_bin: values.bank_bin || null,
  bank_account_number: values.bank_account_number.trim() || null,
  bank_account_name: values.bank_account_name.trim() || null,
  // left empty: the centre keeps its reminder
  payment_reminder_days: values.payment_reminder_days === '' ? undefined : Number(values.payment_reminder_days),
  overdue_notice: values.overdue_notice,
  session_reminder: values.session_reminder,
});

/** The banks of the NAPAS list, by their short names. */
const BANK_OPTIONS = [{ value: '', label: CENTERS_TEXTS.noBank }, ...BANKS.map((bank) => ({ value: bank.bin, label: `${bank.shortName} — ${bank.name}` }))];

export const CENTERS_PAGE_SIZE = 20;

export function CentersPage() {
  return (
    <DataSourceScreen<Center, Filters, Values>
      source={centers}
      permission="LearningCenter"
      texts={CENTERS_TEXTS}
      pageSize={CENTERS_PAGE_SIZE}
      columns={[
        { header: CENTERS_TEXTS.name, cell: (center) => center.name, sortKey: 'name' },
        { header: CENTERS_TEXTS.address, cell: (center) => center.address ?? '-' },
        { header: CENTERS_TEXTS.phone, cell: (center) => center.phone_number ?? '-' },
        {
          header: CENTERS_TEXTS.status,
          cell: (center) => CENTER_STATUS.badge(center.status),
        },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <>
          <FilterText label={CENTERS_TEXTS.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
          <FilterSelect
            label={CENTERS_TEXTS.status}
            value={draft.status}
            options={CENTER_STATUS.filterOptions}
            onChange={(status) => setDraft({ ...draft, status: Number(status) })}
          />
        </>
      )}
      listParams={(filters, page, sort) => ({
        ...pageParams(page, sort, { limit: CENTERS_PAGE_SIZE, sortColumn: 'center_id' }),
        search: filters.search || undefined,
        status: filters.status || undefined,
      })}
      form={{
        empty: {
          name: '',
          address: '',
          phone_number: '',
          status: 1,
          absence_costs_lesson: false,
          low_balance_threshold: 2,
          payment_due_days: 7,
          renewal_lessons_on: 'payment',
          bank_bin: '',
          bank_account_number: '',
          bank_account_name: '',
          payment_reminder_days: 3,
          overdue_notice: true,
          session_reminder: false,
        },
        fromRecord: (center) => ({
          name: center.name,
          address: center.address ?? '',
          phone_number: center.phone_number ?? '',
          status: center.status,
          absence_costs_lesson: center.absence_costs_lesson,
          low_balance_threshold: center.low_balance_threshold,
          payment_due_days: center.payment_due_days,
          renewal_lessons_on: center.renewal_lessons_on,
          bank_bin: center.bank_bin ?? '',
          bank_account_number: center.bank_account_number ?? '',
          bank_account_name: center.bank_account_name ?? '',
          payment_reminder_days: center.payment_reminder_days,
          overdue_notice: center.overdue_notice,
          session_reminder: center.session_reminder,
        }),
        toCreate: toBody,
        toUpdate: (center, values) => ({ center_id: center.center_id, ...toBody(values) }),
        schema,
        fields: () => [
          {
            title: CENTERS_TEXTS.section,
            content: (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField name="name" label={CENTERS_TEXTS.name} required />
                <FormField name="phone_number" label={CENTERS_TEXTS.phone} type="tel" />
                <FormField name="address" label={CENTERS_TEXTS.address} />
                <SelectField name="status" label={CENTERS_TEXTS.status} options={CENTER_STATUS.options} numeric required />
                <FormField name="low_balance_threshold" label={CENTERS_TEXTS.lowBalanceThreshold} type="number" />
                <CheckboxField name="absence_costs_lesson" label={CENTERS_TEXTS.absenceCostsLesson} helperText={CENTERS_TEXTS.absenceHelp} />
                <FormField name="payment_due_days" label={CENTERS_TEXTS.dueDays} type="number" />
                <SelectField
                  name="renewal_lessons_on"
                  label={CENTERS_TEXTS.renewalLessonsOn}
                  options={[
                    { value: 'payment', label: CENTERS_TEXTS.renewalOnPayment },
                    { value: 'order', label: CENTERS_TEXTS.renewalOnOrder },
                  ]}
                />
                <SelectField name="bank_bin" label={CENTERS_TEXTS.bank} options={BANK_OPTIONS} helperText={CENTERS_TEXTS.bankHelp} />
                <FormField name="bank_account_number" label={CENTERS_TEXTS.bankAccountNumber} />
                <FormField name="bank_account_name" label={CENTERS_TEXTS.bankAccountName} />
              </SimpleGrid>
            ),
          },
          {
            title: CENTERS_TEXTS.familySection,
            content: (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField name="payment_reminder_days" label={CENTERS_TEXTS.paymentReminderDays} type="number" helperText={CENTERS_TEXTS.paymentReminderHelp} />
                <Stack gap="4" justify="center">
                  <CheckboxField name="overdue_notice" label={CENTERS_TEXTS.overdueNotice} />
                  <CheckboxField name="session_reminder" label={CENTERS_TEXTS.sessionReminder} />
                </Stack>
              </SimpleGrid>
            ),
          },
        ],
        texts: { createTitle: 'Thêm trung tâm', editTitle: 'Sửa trung tâm', createSubmit: 'Thêm trung tâm', editSubmit: 'Lưu thay đổi' },
        successMessages: { create: CENTERS_TEXTS.created, edit: CENTERS_TEXTS.updated },
      }}
    />
  );
}
