/**
 * The messages every request schema carries, with no schema library: the builders (builders.ts) put
 * them on the schemas, and the forms' converter (forms/yupFromSchema.ts) reads them without loading
 * the builders.
 */

/** The texts the builders put on a field by default. */
export const BUILDER_TEXT = {
  invalidValue: 'Giá trị không hợp lệ',
  /** A required field left out, when its schema names no message of its own. */
  fieldRequired: 'Trường này không được để trống',
  nulCharacter: 'Không được chứa ký tự NUL (\\u0000)',
} as const;

/** Per-keyword messages the error handler reports for a field (`required`, `minLength`, `pattern`...). */
export type FieldMessages = Partial<
  Record<'required' | 'minLength' | 'maxLength' | 'pattern' | 'minimum' | 'maximum' | 'type' | 'enum' | 'minItems' | 'maxItems' | 'not' | 'default', string>
>;
