/**
 * The event form's rules: the API's write schema for the fields the form holds as the API takes them
 * (their limits and messages), and the form's own on top: the end not before the start, and the graders'
 * rows as their editor holds them. Built apart from the screen (lazySchema): the write schema's code
 * downloads when the form first opens, not with the list.
 */
import { COMPETITION_TEXT as T } from '@trungtam/shared/contracts/competition';
import { yupFieldFromSchema, yupFromSchema } from '@trungtam/shared/forms';
import { CompetitionWriteBody } from '@trungtam/shared/schemas/competition';
import { gradersSchema } from './GradersEditor';

export const eventSchema = yupFromSchema(CompetitionWriteBody, { fields: ['name', 'description', 'start_date', 'status', 'center_id'] }).shape({
  end_date: yupFieldFromSchema(CompetitionWriteBody.properties.end_date, { required: false }).test('order', T.endBeforeStart, (end: unknown, context) => {
    const start: string = context.parent.start_date;
    return !start || !end || String(end) >= start;
  }),
  graders: gradersSchema,
});
