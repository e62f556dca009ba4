/** The accounts' list query, the API's own (the records and requests are shared: shared/src/schemas). */
import { Type } from 'typebox';
import { STUDENT_SOURCES, UNKNOWN_SOURCE_FILTER } from '@trungtam/shared/contracts';
import { UserTypeSchema } from '@trungtam/shared/schemas/users';
import { BulkIds, IdFilter, Int, SMALLINT_MAX, Text, listQueryProps, msgs } from '@trungtam/shared/schemas/builders';

/** The list filter: a source, 'unknown' (no source), or '' for all. */
const SourceFilterSchema = Type.Union([...STUDENT_SOURCES.map((s) => Type.Literal(s)), Type.Literal(UNKNOWN_SOURCE_FILTER), Type.Literal('')], msgs({ default: 'source không hợp lệ' }));

export const UserListQuery = Type.Object({
  ...listQueryProps,
  type: Type.Optional(UserTypeSchema),
  search: Type.Optional(Text(100)),
  status: Type.Optional(Int(0, SMALLINT_MAX, 'status không hợp lệ')),
  user_id: Type.Optional(IdFilter('user_id phải là số')),
  center_id: Type.Optional(IdFilter('center_id phải là số')),
  created_at: Type.Optional(Type.Array(Text(19), { maxItems: 2 })),
  source: Type.Optional(SourceFilterSchema),
  /** 1: only students no guardian can be reached at (no guardian with a phone or an e-mail). */
  no_guardian: Type.Optional(Int(0, 1, 'no_guardian: 0 hoặc 1')),
  /** Only these accounts (the rows chosen in a list: the export of a selection), repeated as `ids=1&ids=2`. */
  ids: Type.Optional(BulkIds),
});

