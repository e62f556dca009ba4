/** Saved views' requests and record (README "Sorting and saved views"): limits and messages from shared. */
import { Type } from 'typebox';
import { Id, Nullable, Text } from '@trungtam/shared/schemas/builders';
import { SAVED_VIEW_LIMITS as L, SAVED_VIEW_LIST_KEY_PATTERN, SAVED_VIEW_QUERY_PATTERN, SAVED_VIEW_TEXT as T } from '@trungtam/shared/contracts';

const listKey = Text(L.listKeyMax, { minLength: 2, pattern: SAVED_VIEW_LIST_KEY_PATTERN, messages: { default: T.listInvalid } });
const name = Text(L.nameMax, {
  minLength: 1,
  pattern: '\\S',
  messages: { required: T.nameRequired, minLength: T.nameRequired, pattern: T.nameRequired, maxLength: T.nameTooLong },
});
const query = Text(L.queryMax, { pattern: SAVED_VIEW_QUERY_PATTERN, messages: { default: T.queryInvalid, required: T.queryInvalid, maxLength: T.queryInvalid, pattern: T.queryInvalid } });
const sharedRoleId = Nullable(Id(T.roleMissing));

export const SavedViewListQuery = Type.Object({ list_key: listKey });
export const SavedViewCreateBody = Type.Object({ list_key: listKey, name, query, shared_role_id: Type.Optional(sharedRoleId) });
/** A rename, a new filter and sort, a new sharing: what is sent changes, what is left out stays. */
export const SavedViewUpdateBody = Type.Object({ id: Id(T.notFound), name: Type.Optional(name), query: Type.Optional(query), shared_role_id: Type.Optional(sharedRoleId) });

export const SavedViewRecord = Type.Object({
  id: Type.Integer(),
  list_key: Type.String(),
  name: Type.String(),
  query: Type.String(),
  shared_role_id: Nullable(Type.Integer()),
  shared_role_name: Nullable(Type.String()),
  owner_id: Type.Integer(),
  owner_name: Type.String(),
  mine: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
