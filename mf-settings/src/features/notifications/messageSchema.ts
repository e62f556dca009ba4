/**
 * The message form's rules: the API's write schema for its title and text (their limits and messages),
 * and the form's own for whom it goes to, which the form holds as separate choices (the API's target
 * object names only the kind's own field). Built apart from the screen (lazySchema): the write schema's
 * code downloads when the form first opens, not with the list.
 */
import { NOTIFICATION_TARGET_KINDS, NOTIFICATION_TARGET_TYPES } from '@trungtam/shared/contracts/notifications';
import { yupFromSchema } from '@trungtam/shared/forms';
import { NotificationCreateBody } from '@trungtam/shared/schemas/notifications';
import * as yup from 'yup';
import { NOTIFICATION_SETTINGS_TEXTS as T } from './texts';

export const messageSchema = yupFromSchema(NotificationCreateBody, { fields: ['name', 'message'] }).shape({
  kind: yup.string().required(T.kindRequired).oneOf(NOTIFICATION_TARGET_KINDS, T.kindRequired),
  type: yup.string().when('kind', { is: 'type', then: (field) => field.required(T.typeRequired).oneOf(NOTIFICATION_TARGET_TYPES, T.typeRequired) }),
  center_id: yup.number().when('kind', { is: 'center', then: (field) => field.min(1, T.centerRequired) }),
  user_id: yup.number().when('kind', { is: 'user', then: (field) => field.min(1, T.userRequired) }),
});
