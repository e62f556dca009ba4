/**
 * The validate step: ajv's failures as `{ field: message }`, with the messages the schemas carry
 * (`x-messages`), for route schemas (the errors plugin) and for bodies checked against a schema chosen
 * at run time.
 */
import type { FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { invalid, TEXT } from '../lib/errors';

/** One failure as ajv reports it (allErrors, verbose). */
export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: Record<string, unknown>;
  data?: unknown;
}

type Messages = Record<string, string> | undefined;

function messagesOf(schema: unknown): Messages {
  return (schema as Record<string, unknown> | undefined)?.['x-messages'] as Messages;
}

/** Field → message for schema failures, using the `x-messages` annotations of the schemas. */
export function fieldsFromValidation(errors: AjvError[], context?: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const err of errors) {
    let field: string;
    let message: string | undefined;
    if (err.keyword === 'required') {
      const missing = String(err.params.missingProperty ?? '');
      const base = err.instancePath.split('/').filter(Boolean);
      field = [...base, missing].join('.');
      const props = err.parentSchema?.properties as Record<string, unknown> | undefined;
      const m = messagesOf(props?.[missing]);
      message = m?.required ?? m?.default ?? TEXT.fieldRequired;
    } else {
      field = err.instancePath.split('/').filter(Boolean).join('.');
      const m = messagesOf(err.parentSchema);
      if (err.keyword === 'minLength' && err.data === '' && m?.required) message = m.required;
      else message = m?.[err.keyword] ?? m?.default;
      message ??= TEXT.invalidValue;
    }
    if (!field) field = context === 'body' ? '_body' : context ?? '_';
    // A union (e.g. status 1 | 4) reports each failed branch first, then itself: its own message wins.
    const unionMessage = err.keyword === 'anyOf' && message !== TEXT.invalidValue;
    if (!(field in fields) || unionMessage || fields[field] === TEXT.invalidValue) fields[field] = message;
  }
  return fields;
}

/** Validates a body against a schema chosen at run time (same validator, same messages as route schemas). */
export function validateBody<T extends TSchema>(request: FastifyRequest, schema: T, value: unknown): Static<T> {
  const check = request.compileValidationSchema(schema as Record<string, unknown>, 'body');
  if (!check(value)) {
    throw invalid(fieldsFromValidation((check.errors ?? []) as never, 'body'));
  }
  return value as Static<T>;
}
