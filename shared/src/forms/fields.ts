/**
 * Field rules shared by every form. The email rule uses the API's own pattern, so a form refuses
 * exactly what the server refuses (yup's built-in `email()` accepts addresses such as `ab@c`, which
 * the API does not).
 */
import * as yup from 'yup';
import { EMAIL_PATTERN } from '../validation';

const EMAIL_REGEX = new RegExp(EMAIL_PATTERN);

/** A trimmed string that, when not empty, must be an email address; `message` when it is not. */
export const emailString = (message: string) =>
  yup.string().trim().matches(EMAIL_REGEX, { message, excludeEmptyString: true });
