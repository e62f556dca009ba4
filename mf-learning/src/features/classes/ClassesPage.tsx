/**
 * Classes (LearningClass) over /learning/class/*: the list with its filters in the URL, and the form
 * (course and item, teacher, academic affairs, centre and room, salary per taught lesson, the most students
 * it takes (empty: its room's capacity), start date, weekly pattern) with the preview of the sessions it
 * generates and the choices for each clash.
 * The API scopes the rows (a teacher: their classes; a giáo vụ: their centre's) and checks every write.
 * A row carries the names it shows (teacher, room and centre, course); the lookups behind the filters and
 * the form are asked for only by a user who may list them, and a filter without one is not offered.
 * Whoever may read a class (LearningClass GetOne) gets its calendar feed's URL from its row
 * (the kit's CalendarFeedDialog).
 */
import type { ClashResolution, ClassPreviewRequest, ClassType, ClassUpdateResult, DroppedSubstitute, LearningClass } from '@trungtam/shared/contracts/learning';
import { CLASS_TYPES } from '@trungtam/shared/contracts/learning';
import { formatDate, formatTime } from '@trungtam/shared/format';
import { CLASS_TYPE_LABELS } from '@trungtam/shared/labels';
import { can } from '@trungtam/shared/permissions';
import { CalendarIcon, ListIcon } from '@trungtam/shared/icons';
import { useNavigate } from '@trungtam/shared/router';
import { CalendarFeedDialog, CALENDAR_FEED_DIALOG_TEXTS, FilterSelect, FilterText, intParam, pageParams, DataSourceScreen, textParam, type CalendarFeedTarget, type FilterCodecs } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { DateField, FormField, notifyWarning, SelectField, SimpleGrid, Stack, Text } from '@trungtam/shared/ui';
import type { FormikProps } from 'formik';
import { useEffect, useState } from 'react';
import * as yup from 'yup';
import { yupFromSchema } from '@trungtam/shared/forms';
import { ClassCreateBody } from '@trungtam/shared/schemas/learning';
import { useAccountChoices, useCenterChoices, useCourseChoices, useRoomChoices } from '../../common/lookups';
import { classes } from '../../common/dataSources';
import { HolidaysButton } from './HolidaysDialog';
import { PatternEditor } from './PatternEditor';
import { isTime, patternProblem, patternSummary, toDrafts, toPatternText, type SlotDraft } from './pattern';
import { SchedulePreview } from './SchedulePreview';

export const CLASSES_TEXTS = {
  title: 'Lớp học',
  count: (n: number) => `${n} lớp học`,
  add: 'Thêm lớp học',
  table: 'Danh sách lớp học',
  sessions: 'Buổi học của lớp (điểm danh, đổi lịch, dạy thay)',
  name: 'Tên lớp',
  type: 'Loại lớp',
  course: 'Khoá học',
  item: 'Gói khoá học',
  teacher: 'Giáo viên',
  affair: 'Giáo vụ phụ trách',
  center: 'Trung tâm',
  room: 'Phòng học',
  salary: 'Lương giáo viên (VND / buổi dạy)',
  capacity: 'Sĩ số tối đa',
  capacityHelp: 'Để trống: theo sức chứa của phòng học.',
  startDate: 'Ngày bắt đầu',
  pattern: 'Lịch trong tuần',
  place: 'Trung tâm / phòng',
  search: 'Tìm theo tên lớp',
  all: 'Tất cả',
  none: 'Không có',
  choose: 'Chọn',
  startRequired: 'Ngày bắt đầu cần được nhập (DD/MM/YYYY)',
  startHelp: 'Có thể chọn ngày đã qua: lớp đang học được nhập cùng các buổi đã học để điểm danh bù.',
  created: 'Bạn đã thêm lớp học thành công',
  updated: 'Bạn đã cập nhật lớp học thành công',
  sectionInfo: 'Thông tin lớp học',
  sectionSchedule: 'Lịch học',
  editNote:
    'Đổi lịch, ngày bắt đầu, gói, giáo viên hoặc phòng chỉ tạo lại các buổi sắp tới chưa điểm danh; các buổi đã diễn ra được giữ nguyên. Người dạy thay được giữ cho buổi vẫn học cùng ngày, cùng giờ bắt đầu nếu họ không bị trùng lịch.',
  droppedSubstitutes: (n: number, sessions: string) => `Đã bỏ người dạy thay của ${n} buổi: ${sessions}`,
} as const;

/** The toast of the substitutes a class edit could not keep: each session (date, time, who) and why. */
export function notifyDroppedSubstitutes(dropped: DroppedSubstitute[]): void {
  if (!dropped.length) return;
  const when = (d: DroppedSubstitute) => `${formatDate(d.schedule_date)} ${formatTime(d.schedule_hour, d.schedule_minute)}`;
  notifyWarning(
    CLASSES_TEXTS.droppedSubstitutes(dropped.length, dropped.map((d) => `${when(d)} (${d.teacher_name})`).join(', ')),
    dropped.map((d) => `${when(d)}: ${d.message}`).join('; '),
  );
}

interface Filters {
  search: string;
  class_type: string;
  teacher_id: number;
  product_id: number;
  center_id: number;
}
const FILTERS: FilterCodecs<Filters> = {
  search: textParam('search'),
  class_type: textParam('class_type'),
  teacher_id: intParam('teacher_id'),
  product_id: intParam('product_id'),
  center_id: intParam('center_id'),
};

export interface ClassValues {
  /** The class being edited (its preview keeps its past sessions). */
  class_id?: number;
  class_name: string;
  class_type: ClassType;
  product_id: number;
  product_item_id: number;
  teacher_id: number;
  academic_affair_id: number;
  center_id: number;
  room_id: number;
  teacher_salary: number | '';
  /** '': the room's capacity. */
  capacity: number | '';
  start_date: string;
  slots: SlotDraft[];
  resolutions: ClashResolution[];
}

/**
 * The API's class write schema for the name, type, course, item, teacher, centre, room, salary and capacity (their
 * limits and messages); the start date is picked from a calendar and the weekly pattern is edited slot by
 * slot, so their rules are the form's own.
 */
const schema = yupFromSchema(ClassCreateBody, {
  fields: ['class_name', 'class_type', 'product_id', 'product_item_id', 'teacher_id', 'center_id', 'room_id', 'teacher_salary', 'capacity'],
}).shape({
  start_date: yup.string().required(CLASSES_TEXTS.startRequired),
  slots: yup.array().test('pattern', (slots, context) => {
    const problem = patternProblem((slots ?? []) as SlotDraft[]);
    return problem ? context.createError({ message: problem }) : true;
  }),
});

/** The fields both the preview and the writes send (teacher_salary a number, class_schedule JSON text). */
export function generationOf(values: ClassValues): Omit<ClassPreviewRequest, 'class_id' | 'resolutions'> | null {
  if (!values.product_item_id || !values.teacher_id || !values.center_id || !values.room_id || !values.start_date) return null;
  if (patternProblem(values.slots) || values.slots.some((slot) => !isTime(slot.time))) return null;
  return {
    product_item_id: Number(values.product_item_id),
    teacher_id: Number(values.teacher_id),
    center_id: Number(values.center_id),
    room_id: Number(values.room_id),
    start_date: values.start_date,
    class_schedule: toPatternText(values.slots),
  };
}

export function toClassBody(values: ClassValues) {
  return {
    class_name: values.class_name.trim(),
    class_type: values.class_type,
    product_id: Number(values.product_id),
    academic_affair_id: values.academic_affair_id ? Number(values.academic_affair_id) : null,
    teacher_salary: Number(values.teacher_salary),
    capacity: values.capacity === '' ? null : Number(values.capacity),
    ...generationOf(values)!,
    resolutions: values.resolutions,
  };
}

const EMPTY: ClassValues = {
  class_name: '',
  class_type: 'group',
  product_id: 0,
  product_item_id: 0,
  teacher_id: 0,
  academic_affair_id: 0,
  center_id: 0,
  room_id: 0,
  teacher_salary: '',
  capacity: '',
  start_date: '',
  slots: [{ weekday: 1, time: '18:00', duration: 90 }],
  resolutions: [],
};

const vnd = new Intl.NumberFormat('vi-VN');

export const CLASSES_PAGE_SIZE = 20;

export function ClassesPage() {
  const me = useCurrentUser();
  // the lookups this user may read (a teacher or a student reads none of them: the rows name what they show)
  const may = {
    centers: can(me, 'LearningCenter', 'GetAll'),
    rooms: can(me, 'LearningRoom', 'GetAll'),
    accounts: can(me, 'User', 'GetAll'),
    courses: can(me, 'Product', 'GetAll'),
  };
  const centers = useCenterChoices({ enabled: may.centers });
  const rooms = useRoomChoices({ enabled: may.rooms });
  const teachers = useAccountChoices('teacher', { enabled: may.accounts });
  const affairs = useAccountChoices('academic_affair', { enabled: may.accounts });
  const courses = useCourseChoices({ enabled: may.courses });
  const onlyCenter = centers.rows.length === 1 ? centers.rows[0].center_id : 0;
  const typeOptions = CLASS_TYPES.map((type) => ({ value: type, label: CLASS_TYPE_LABELS[type] }));
  // the class whose calendar feed is shown
  const [feedOf, setFeedOf] = useState<CalendarFeedTarget | null>(null);
  const navigate = useNavigate();

  return (
    <DataSourceScreen<LearningClass, Filters, ClassValues>
      source={classes}
      permission="LearningClass"
      texts={CLASSES_TEXTS}
      pageSize={CLASSES_PAGE_SIZE}
      columns={[
        { header: CLASSES_TEXTS.name, cell: (row) => row.class_name, sortKey: 'class_name' },
        { header: CLASSES_TEXTS.type, cell: (row) => CLASS_TYPE_LABELS[row.class_type as ClassType] ?? row.class_type },
        { header: CLASSES_TEXTS.teacher, cell: (row) => row.teacher?.name ?? teachers.nameOf(row.teacher_id) },
        { header: CLASSES_TEXTS.place, cell: (row) => `${row.room?.center?.name ?? centers.nameOf(row.center_id)} · ${row.room?.name ?? '-'}` },
        { header: CLASSES_TEXTS.item, cell: (row) => (row.product_item ? `${row.product_item.product?.name ?? ''} (${row.product_item.total_lesson} buổi)` : '-') },
        { header: CLASSES_TEXTS.pattern, cell: (row) => patternSummary(row.class_schedule) },
        { header: CLASSES_TEXTS.startDate, cell: (row) => (row.start_date ? formatDate(row.start_date) : '-'), sortKey: 'start_date' },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <>
          <FilterText label={CLASSES_TEXTS.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
          <FilterSelect
            label={CLASSES_TEXTS.type}
            value={draft.class_type}
            options={[{ value: '', label: CLASSES_TEXTS.all }, ...typeOptions]}
            onChange={(classType) => setDraft({ ...draft, class_type: String(classType) })}
          />
          {may.accounts && (
            <FilterSelect
              label={CLASSES_TEXTS.teacher}
              value={draft.teacher_id}
              options={[{ value: 0, label: CLASSES_TEXTS.all }, ...teachers.options]}
              onChange={(id) => setDraft({ ...draft, teacher_id: Number(id) })}
            />
          )}
          {may.courses && (
            <FilterSelect
              label={CLASSES_TEXTS.course}
              value={draft.product_id}
              options={[{ value: 0, label: CLASSES_TEXTS.all }, ...courses.options]}
              onChange={(id) => setDraft({ ...draft, product_id: Number(id) })}
            />
          )}
          {may.centers && (
            <FilterSelect
              label={CLASSES_TEXTS.center}
              value={draft.center_id}
              options={[{ value: 0, label: CLASSES_TEXTS.all }, ...centers.options]}
              onChange={(id) => setDraft({ ...draft, center_id: Number(id) })}
            />
          )}
        </>
      )}
      listParams={(filters, page, sort) => {
        const params = new URLSearchParams();
        const base = pageParams(page, sort, { limit: CLASSES_PAGE_SIZE, sortColumn: 'class_id' });
        for (const [key, value] of Object.entries(base)) params.set(key, String(value));
        // one relationships param per relation: the names a row shows come with it
        params.append('relationships', 'room');
        params.append('relationships', 'product_item');
        params.append('relationships', 'teacher');
        if (filters.search) params.set('search', filters.search);
        if (filters.class_type) params.set('class_type', filters.class_type);
        // (only the filters offered: one in the URL that this user is not offered is not sent)
        const offered = { teacher_id: may.accounts, product_id: may.courses, center_id: may.centers };
        for (const key of ['teacher_id', 'product_id', 'center_id'] as const) if (filters[key] && offered[key]) params.set(key, String(filters[key]));
        return params;
      }}
      form={{
        empty: { ...EMPTY, center_id: onlyCenter },
        fromRecord: (row) => ({
          class_id: row.class_id,
          class_name: row.class_name,
          class_type: row.class_type as ClassType,
          product_id: row.product_id ?? 0,
          product_item_id: row.product_item_id ?? 0,
          teacher_id: row.teacher_id ?? 0,
          academic_affair_id: row.academic_affair_id ?? 0,
          center_id: row.center_id ?? 0,
          room_id: row.room_id ?? 0,
          teacher_salary: row.teacher_salary,
          capacity: row.capacity ?? '',
          start_date: row.start_date ?? '',
          slots: toDrafts(row.class_schedule),
          resolutions: [],
        }),
        toCreate: toClassBody,
        toUpdate: (row, values) => ({ class_id: row.class_id, ...toClassBody(values) }),
        schema,
        fields: (formik, { readOnly }) => [
          {
            title: CLASSES_TEXTS.sectionInfo,
            content: (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField name="class_name" label={CLASSES_TEXTS.name} required />
                <SelectField name="class_type" label={CLASSES_TEXTS.type} options={typeOptions} required />
                <CourseFields formik={formik} courses={courses} />
                <SelectField name="teacher_id" label={CLASSES_TEXTS.teacher} options={teachers.options} numeric placeholder={CLASSES_TEXTS.choose} required />
                <SelectField name="academic_affair_id" label={CLASSES_TEXTS.affair} options={affairs.options} numeric placeholder={CLASSES_TEXTS.none} />
                <SelectField name="center_id" label={CLASSES_TEXTS.center} options={centers.options} numeric placeholder={CLASSES_TEXTS.choose} required />
                <SelectField
                  name="room_id"
                  label={CLASSES_TEXTS.room}
                  options={rooms.ofCenter(Number(formik.values.center_id))}
                  numeric
                  placeholder={CLASSES_TEXTS.choose}
                  required
                />
                <FormField
                  name="teacher_salary"
                  label={CLASSES_TEXTS.salary}
                  type="number"
                  required
                  helperText={formik.values.teacher_salary !== '' ? `${vnd.format(Number(formik.values.teacher_salary))} ₫` : undefined}
                />
                <FormField name="capacity" label={CLASSES_TEXTS.capacity} type="number" helperText={CLASSES_TEXTS.capacityHelp} />
                <DateField name="start_date" label={CLASSES_TEXTS.startDate} helperText={CLASSES_TEXTS.startHelp} required />
              </SimpleGrid>
            ),
          },
          {
            title: CLASSES_TEXTS.sectionSchedule,
            content: (
              <Stack gap="5">
                {formik.initialValues.start_date && (
                  <Text fontSize="sm" color="fg.muted">
                    {CLASSES_TEXTS.editNote}
                  </Text>
                )}
                <PatternEditor readOnly={readOnly} />
                <SchedulePreviewField formik={formik} readOnly={readOnly} />
              </Stack>
            ),
          },
        ],
        texts: { createTitle: 'Thêm lớp học', editTitle: 'Sửa lớp học', viewTitle: 'Xem lớp học', createSubmit: 'Thêm lớp học', editSubmit: 'Lưu thay đổi' },
        successMessages: { create: CLASSES_TEXTS.created, edit: CLASSES_TEXTS.updated },
        afterUpdate: (answer) => notifyDroppedSubstitutes((answer as { data?: Partial<ClassUpdateResult> }).data?.dropped_substitutes ?? []),
        // a refusal of the schedule (clashes left without a choice) answers these: changed, it no longer holds
        failureCause: (values) => [generationOf(values), values.resolutions],
      }}
      tools={<HolidaysButton />}
      extraActions={[
        // the class's sessions on the schedules screen, where each opens (attendance, move, "Dạy thay")
        ...(can(me, 'LearningClassSchedule', 'GetAll')
          ? [{ key: 'sessions', label: CLASSES_TEXTS.sessions, icon: <ListIcon />, onSelect: (row: LearningClass) => void navigate(`/learning/schedules?view=list&class_id=${row.class_id}`) }]
          : []),
        ...(can(me, 'LearningClass', 'GetOne') ? [{ key: 'feed', label: CALENDAR_FEED_DIALOG_TEXTS.title, icon: <CalendarIcon />, onSelect: (row: LearningClass) => setFeedOf({ kind: 'class', id: row.class_id, name: row.class_name }) }] : []),
      ]}
    >
      <CalendarFeedDialog target={feedOf} onClose={() => setFeedOf(null)} />
    </DataSourceScreen>
  );
}

/** Course then item: choosing a course clears an item of another course. */
function CourseFields({ formik, courses }: { formik: FormikProps<ClassValues>; courses: ReturnType<typeof useCourseChoices> }) {
  const items = courses.itemsOf(Number(formik.values.product_id));
  const itemId = Number(formik.values.product_item_id);
  const stale = courses.rows.length > 0 && itemId > 0 && !items.some((item) => item.value === itemId);
  const { setFieldValue } = formik;
  useEffect(() => {
    if (stale) void setFieldValue('product_item_id', 0);
  }, [stale, setFieldValue]);
  return (
    <>
      <SelectField name="product_id" label={CLASSES_TEXTS.course} options={courses.options} numeric placeholder={CLASSES_TEXTS.choose} required />
      <SelectField
        name="product_item_id"
        label={CLASSES_TEXTS.item}
        options={items}
        numeric
        placeholder={CLASSES_TEXTS.choose}
        required
      />
    </>
  );
}

function SchedulePreviewField({ formik, readOnly }: { formik: FormikProps<ClassValues>; readOnly: boolean }) {
  const generation = generationOf(formik.values);
  const classId = formik.values.class_id;
  return (
    <SchedulePreview
      request={generation ? { ...generation, ...(classId ? { class_id: classId } : {}) } : null}
      resolutions={formik.values.resolutions}
      onResolutions={(next) => void formik.setFieldValue('resolutions', next)}
      readOnly={readOnly}
    />
  );
}
