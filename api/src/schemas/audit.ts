/** The audit log's list query and entry. */
import { Type } from 'typebox';
import { IdFilter, listQueryProps, msgs, Nullable, Text } from '@trungtam/shared/schemas/builders';

export const AuditLogQuery = Type.Object({
  ...listQueryProps,
  /** Who: the account that acted (0: everyone). */
  actor_id: Type.Optional(IdFilter('actor_id phải là số')),
  /** The audit resource name ('User', 'Role', 'Center', 'Route'...), exactly. */
  resource: Type.Optional(Text(64)),
  /** The action ('create', 'update', 'delete', 'login'...), exactly. */
  action: Type.Optional(Text(64)),
  /** Given twice like /user/list: start and end, operator-local 'YYYY-MM-DD[ HH:mm[:ss]]'; either may be ''. */
  created_at: Type.Optional(Type.Array(Text(19), { maxItems: 2, ...msgs({ default: 'created_at: tối đa 2 giá trị (từ, đến)' }) })),
  /** Contains, in the actor's name or email, the resource id or the address. */
  search: Type.Optional(Text(100)),
});

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  actor_id: Nullable(Type.Integer()),
  actor_name: Nullable(Type.String()),
  action: Type.String(),
  resource: Type.String(),
  resource_id: Nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
  ip: Nullable(Type.String()),
  created_at: Type.String(),
});
