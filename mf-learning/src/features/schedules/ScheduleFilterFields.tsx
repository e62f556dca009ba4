/**
 * The filter fields the user may set: staff (administrator, giáo vụ) every one, a teacher the class, a
 * student none (the API already limits everyone to their own sessions), and of those only the ones
 * whose choices the user may list (no refused call: a role without the accounts list has no teacher
 * filter). Each field loads its choices when the filter opens, and only for a user who has that field.
 */
import { can, type PermissionSubject, type PermissionResource, type UserType } from '@trungtam/shared/permissions';
import { FilterSelect, type FilterOption } from '@trungtam/shared/resource';
import { useAccountChoices, useCenterChoices, useClassChoices, useRoomChoices } from '../../common/lookups';
import { SCHEDULES_TEXTS as T } from './texts';
import type { ScheduleFilters } from './view';

export type FilterName = keyof ScheduleFilters;

/** The list each filter takes its choices from. */
const CHOICES_OF: Record<FilterName, PermissionResource> = {
  class_id: 'LearningClass',
  teacher_id: 'User',
  center_id: 'LearningCenter',
  room_id: 'LearningRoom',
};

const STAFF_FILTERS: FilterName[] = ['class_id', 'teacher_id', 'center_id', 'room_id'];
/** The filters of each type of user (a student: none). */
const FILTERS_OF_TYPE: Record<UserType, FilterName[]> = { administrator: STAFF_FILTERS, academic_affair: STAFF_FILTERS, teacher: ['class_id'], student: [] };

/** The filters a user may set: those of their type whose choices they may list. */
export function filtersFor(user: PermissionSubject | null): FilterName[] {
  return user ? FILTERS_OF_TYPE[user.type].filter((name) => can(user, CHOICES_OF[name], 'GetAll')) : [];
}

/** The filters with those the user may not set back at "all". */
export function allowedFilters(filters: ScheduleFilters, allowed: FilterName[]): ScheduleFilters {
  return {
    class_id: allowed.includes('class_id') ? filters.class_id : 0,
    teacher_id: allowed.includes('teacher_id') ? filters.teacher_id : 0,
    center_id: allowed.includes('center_id') ? filters.center_id : 0,
    room_id: allowed.includes('room_id') ? filters.room_id : 0,
  };
}

/** A select's options with "all" first, keeping a value of the URL the list lacks. */
function withAll(all: string, options: FilterOption[], current: number): FilterOption[] {
  const known = !current || options.some((option) => option.value === current);
  return [{ value: 0, label: all }, ...options, ...(known ? [] : [{ value: current, label: `#${current}` }])];
}

interface FieldProps {
  draft: ScheduleFilters;
  setDraft: (next: ScheduleFilters) => void;
}

const number = (value: string) => Number(value) || 0;

function ClassFilter({ draft, setDraft }: FieldProps) {
  const classes = useClassChoices();
  return <FilterSelect label={T.classFilter} value={draft.class_id} options={withAll(T.allClasses, classes.options, draft.class_id)} onChange={(value) => setDraft({ ...draft, class_id: number(value) })} />;
}

function TeacherFilter({ draft, setDraft }: FieldProps) {
  const teachers = useAccountChoices('teacher');
  return (
    <FilterSelect label={T.teacherFilter} value={draft.teacher_id} options={withAll(T.allTeachers, teachers.options, draft.teacher_id)} onChange={(value) => setDraft({ ...draft, teacher_id: number(value) })} />
  );
}

function CenterFilter({ draft, setDraft }: FieldProps) {
  const centers = useCenterChoices();
  return (
    <FilterSelect
      label={T.centerFilter}
      value={draft.center_id}
      options={withAll(T.allCenters, centers.options, draft.center_id)}
      // a room of another centre would filter everything out
      onChange={(value) => setDraft({ ...draft, center_id: number(value), room_id: 0 })}
    />
  );
}

/** The rooms of the centre chosen, or every room named with its centre (for whoever may list the centres). */
function RoomFilter({ draft, setDraft, withCenters }: FieldProps & { withCenters: boolean }) {
  const rooms = useRoomChoices();
  const centers = useCenterChoices({ enabled: withCenters });
  const options = draft.center_id
    ? rooms.ofCenter(draft.center_id)
    : rooms.rows.map((room) => ({ value: room.room_id, label: withCenters ? `${room.name} – ${centers.nameOf(room.center_id)}` : room.name }));
  return <FilterSelect label={T.roomFilter} value={draft.room_id} options={withAll(T.allRooms, options, draft.room_id)} onChange={(value) => setDraft({ ...draft, room_id: number(value) })} />;
}

export function ScheduleFilterFields({ allowed, ...field }: FieldProps & { allowed: FilterName[] }) {
  return (
    <>
      {allowed.includes('class_id') && <ClassFilter {...field} />}
      {allowed.includes('teacher_id') && <TeacherFilter {...field} />}
      {allowed.includes('center_id') && <CenterFilter {...field} />}
      {allowed.includes('room_id') && <RoomFilter {...field} withCenters={allowed.includes('center_id')} />}
    </>
  );
}
