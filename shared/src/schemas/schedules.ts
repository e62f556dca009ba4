import { Type } from 'typebox';
import { IdFilter, Nullable, Text, listQueryProps, msgs } from './builders';

const id = (name: string) => Type.Optional(IdFilter(`${name} phải là số`));

export const ScheduleListQuery = Type.Object({
  ...listQueryProps,
  schedule_date: Type.Optional(
    Type.Array(Text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$', messages: { default: 'schedule_date: YYYY-MM-DD' } }), {
      maxItems: 2,
      ...msgs({ default: 'schedule_date: ngày bắt đầu và ngày kết thúc' }),
    }),
  ),
  class_id: id('class_id'),
  teacher_id: id('teacher_id'),
  academic_affair_id: id('academic_affair_id'),
  center_id: id('center_id'),
  room_id: id('room_id'),
  student_id: id('student_id'),
});

export const ScheduleSchema = Type.Object({
  schedule_id: Type.Integer(),
  class_id: Type.Integer(),
  schedule_date: Type.String(),
  schedule_date_text: Type.String(),
  schedule_hour: Type.Integer(),
  schedule_minute: Type.Integer(),
  duration: Type.Integer(),
  teacher_id: Nullable(Type.Integer()),
  academic_affair_id: Nullable(Type.Integer()),
  room_id: Nullable(Type.Integer()),
  center_id: Nullable(Type.Integer()),
  student_id: Nullable(Type.Integer()),
  is_attendance: Type.Integer(),
  class: Type.Optional(Nullable(Type.Object({ class_id: Type.Integer(), class_name: Type.String(), class_type: Type.String() }))),
  center: Type.Optional(Nullable(Type.Object({ center_id: Type.Integer(), name: Type.String() }))),
});
