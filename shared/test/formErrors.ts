import type { AnySchema, ValidationError } from 'yup';

/** The first message per field of a form's yup schema, as formik shows it ({} when the values pass). */
export async function errorsOf(schema: AnySchema, values: object): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const out: Record<string, string> = {};
    for (const inner of (error as ValidationError).inner) {
      if (inner.path && !(inner.path in out)) out[inner.path] = inner.message;
    }
    return out;
  }
}
