/**
 * Days off (/learning/holiday/*), managed from the classes screen: the coming holidays of the centres the
 * user sees (and every centre's), added and removed by those who may write classes. A generated session
 * that falls on one shows as a clash in the class form's preview.
 */
import { can } from '@trungtam/shared/permissions';
import { formatDate, vietnameseWeekday } from '@trungtam/shared/format';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { useCurrentUser } from '@trungtam/shared/session';
import {
  Button,
  ConfirmDelete,
  DateField,
  FormField,
  HStack,
  SelectField,
  SimpleGrid,
  Stack,
  SubmitButton,
  SubmitForm,
  Table,
  TableStateRow,
  Text,
  FullscreenModal,
} from '@trungtam/shared/ui';
import { useState } from 'react';
import * as yup from 'yup';
import { yupFromSchema } from '@trungtam/shared/forms';
import { HolidayWriteBody } from '@trungtam/shared/schemas/learning';
import type { Holiday } from '@trungtam/shared/contracts/learning';
import { ownCenterOf, useCenterChoices } from '../../common/lookups';
import { holidays } from '../../common/dataSources';

export const HOLIDAY_TEXTS = {
  open: 'Ngày nghỉ',
  title: 'Ngày nghỉ của trung tâm',
  help: 'Các buổi học rơi vào ngày nghỉ được đánh dấu trùng khi xem trước lịch của lớp.',
  table: 'Ngày nghỉ sắp tới',
  date: 'Ngày',
  name: 'Tên ngày nghỉ',
  center: 'Áp dụng cho',
  allCenters: 'Tất cả trung tâm',
  add: 'Thêm ngày nghỉ',
  remove: (name: string) => `Xoá ngày nghỉ ${name}`,
  removeQuestion: (name: string, date: string) => `Bạn có chắc muốn xoá ngày nghỉ "${name}" (${date})?`,
  removed: 'Bạn đã xoá ngày nghỉ thành công',
  added: 'Bạn đã thêm ngày nghỉ thành công',
  failed: 'Không lưu được ngày nghỉ',
  dateRequired: 'Ngày nghỉ cần được nhập (DD/MM/YYYY)',
} as const;

interface Values {
  date: string;
  name: string;
  center_id: number;
}

/** The API's day-off write schema for the name; the date is picked as DD/MM/YYYY, so the form asks for one in those words. */
const schema = yupFromSchema(HolidayWriteBody, { fields: ['name'] }).shape({
  date: yup.string().required(HOLIDAY_TEXTS.dateRequired),
});

export function HolidaysButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {HOLIDAY_TEXTS.open}
      </Button>
      {open && <HolidaysDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function HolidaysDialog({ onClose }: { onClose: () => void }) {
  const me = useCurrentUser();
  // (the centres to choose from, for whoever may list them)
  const centers = useCenterChoices({ enabled: can(me, 'LearningCenter', 'GetAll') });
  const list = holidays.useList({ from: operatorToday(), limit: 100, page: 1, sort_column: 'date', sort_type: 'ASC' });
  const create = holidays.useCreate();
  const remove = holidays.useRemove();
  const [removing, setRemoving] = useState<Holiday | null>(null);
  const mayAdd = can(me, 'LearningClass', 'Create');
  const mayRemove = can(me, 'LearningClass', 'Delete');
  // a giáo vụ of a centre adds their centre's days off only
  const ownCenter = ownCenterOf(me);
  const centerOptions = ownCenter ? centers.options.filter((o) => o.value === ownCenter) : [{ value: 0, label: HOLIDAY_TEXTS.allCenters }, ...centers.options];
  const rows = list.data?.rows ?? [];

  return (
    <FullscreenModal open onClose={onClose} title={HOLIDAY_TEXTS.title} initialFocus="close">
      <Stack gap="6" maxW="4xl" mx="auto">
        <Text color="fg.muted">{HOLIDAY_TEXTS.help}</Text>
        {mayAdd && (
          <SubmitForm<Values>
            aria-label={HOLIDAY_TEXTS.add}
            initialValues={{ date: '', name: '', center_id: ownCenter }}
            validationSchema={schema}
            successMessage={HOLIDAY_TEXTS.added}
            failureMessage={HOLIDAY_TEXTS.failed}
            onSubmit={(values) => create.mutateAsync({ date: values.date, name: values.name.trim(), center_id: values.center_id || null })}
          >
            <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" alignItems="end">
              <DateField name="date" label={HOLIDAY_TEXTS.date} required />
              <FormField name="name" label={HOLIDAY_TEXTS.name} required />
              <SelectField name="center_id" label={HOLIDAY_TEXTS.center} options={centerOptions} numeric />
              <SubmitButton>{HOLIDAY_TEXTS.add}</SubmitButton>
            </SimpleGrid>
          </SubmitForm>
        )}
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label={HOLIDAY_TEXTS.table}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{HOLIDAY_TEXTS.date}</Table.ColumnHeader>
                <Table.ColumnHeader>{HOLIDAY_TEXTS.name}</Table.ColumnHeader>
                <Table.ColumnHeader>{HOLIDAY_TEXTS.center}</Table.ColumnHeader>
                {mayRemove && <Table.ColumnHeader />}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              <TableStateRow colSpan={mayRemove ? 4 : 3} loading={list.isPending} failed={list.isError} rowCount={rows.length} onRetry={() => void list.refetch()} />
              {
                rows.map((holiday) => (
                  <Table.Row key={holiday.holiday_id}>
                    <Table.Cell whiteSpace="nowrap">
                      {vietnameseWeekday(holiday.date)} {formatDate(holiday.date)}
                    </Table.Cell>
                    <Table.Cell>{holiday.name}</Table.Cell>
                    <Table.Cell>{holiday.center_id ? centers.nameOf(holiday.center_id) : HOLIDAY_TEXTS.allCenters}</Table.Cell>
                    {mayRemove && (
                      <Table.Cell textAlign="end">
                        {(!ownCenter || holiday.center_id === ownCenter) && (
                          <Button size="xs" variant="ghost" colorPalette="red" aria-label={HOLIDAY_TEXTS.remove(holiday.name)} onClick={() => setRemoving(holiday)}>
                            Xoá
                          </Button>
                        )}
                      </Table.Cell>
                    )}
                  </Table.Row>
                ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <HStack justify="flex-end">
          <Button variant="outline" onClick={onClose}>
            Đóng
          </Button>
        </HStack>
      </Stack>
      <ConfirmDelete
        open={removing !== null}
        onClose={() => setRemoving(null)}
        message={removing ? HOLIDAY_TEXTS.removeQuestion(removing.name, formatDate(removing.date)) : ''}
        successMessage={HOLIDAY_TEXTS.removed}
        onConfirm={() => (removing ? remove.mutateAsync(removing.holiday_id) : Promise.resolve())}
      />
    </FullscreenModal>
  );
}
