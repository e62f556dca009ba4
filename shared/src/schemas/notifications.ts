import { Type } from 'typebox';
import { IdFilter, IdParams, listQueryProps, msgs } from './builders';

export const NotificationSchema = Type.Object({
  notification_id: Type.Integer(),
  user_id: Type.Integer(),
  name: Type.String(),
  message: Type.String(),
  is_read: Type.Integer(),
  created_at: Type.String(),
});

export const NotificationListQuery = Type.Object({
  ...listQueryProps,
  user_id: Type.Optional(IdFilter('user_id phải là số')),
  is_read: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], msgs({ default: 'is_read: 0 | 1 | 2' }))),
  type: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], msgs({ default: 'type: 0 | 1 | 2' }))),
  count_unread: Type.Optional(Type.Boolean(msgs({ default: 'count_unread: true | false' }))),
});

export const NotificationListResponse = Type.Object({
  data: Type.Object({
    rows: Type.Array(NotificationSchema),
    total_rows: Type.Integer(),
    total_pages: Type.Integer(),
    unread_rows: Type.Optional(Type.Integer()),
  }),
});

export const ReadAllParams = IdParams;
export const ReadAllResponse = Type.Object({
  data: Type.Object({ result: Type.Boolean(), updated: Type.Integer() }),
});
