import type { FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { invalid } from '../lib/errors';
import { fieldsFromValidation } from '../plugins/errors';
import type { AuditContext } from '../services/audit';

/** Who did it and from where, for the audit log. */
export function auditCtx(request: FastifyRequest): AuditContext {
  return { actorId: request.user?.id ?? null, ip: request.ip ?? null };
}

/** Validates a body against a schema chosen at run time (same validator, same messages as route schemas). */
export function validateBody<T extends TSchema>(request: FastifyRequest, schema: T, value: unknown): Static<T> {
  const check = request.compileValidationSchema(schema as Record<string, unknown>, 'body');
  if (!check(value)) {
    throw invalid(fieldsFromValidation((check.errors ?? []) as never, 'body'));
  }
  return value as Static<T>;
}
