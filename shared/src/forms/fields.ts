/**
 * Field rules shared by every form. The email rule uses the API's own pattern, so a form refuses
 * exactly what the server refuses (yup's built-in `email()` accepts addresses such as `ab@c`, which
 * the API does not).
 */
import * as yup from 'yup';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../validation';

const EMAIL_REGEX = new RegExp(EMAIL_PATTERN);
const PHONE_REGEX = new RegExp(PHONE_PATTERN);

/** A trimmed string that, when not empty, must be an email address; `message` when it is not. */
export const emailString = (message: string) =>
  yup.string().trim().matches(EMAIL_REGEX, { message, excludeEmptyString: true });

export interface PhoneRule {
  /** The message of an empty phone; without it the phone may be left empty. */
  required?: string;
  /** The message of a phone that is not a Vietnamese number (0xxxxxxxxx or +84xxxxxxxxx). */
  format: string;
  /**
   * The value the record holds (edit forms): kept as it is, even empty or in another format, it passes,
   * as the API takes an unchanged phone; undefined on create, where every rule applies.
   */
  unchanged?: string | null;
}

/** A trimmed phone with the API's rule (PHONE_PATTERN). */
export const phoneString = ({ required, format, unchanged }: PhoneRule) =>
  yup
    .string()
    .trim()
    .test('phone', format, function check(value) {
      const phone = value ?? '';
      if (unchanged !== undefined && phone === (unchanged ?? '').trim()) return true;
      if (!phone) return required ? this.createError({ message: required }) : true;
      return PHONE_REGEX.test(phone);
    });

export { yupFromSchema, yupFieldFromSchema, type ObjectJsonSchema, type YupFromSchemaOptions } from './yupFromSchema';
