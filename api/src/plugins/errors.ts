/** Every failure leaves as `{ error: { code, message, fields? } }`; no stack trace, no 500 for bad input. */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODE_BY_STATUS } from '@trungtam/shared/contracts';
import { ApiError, TEXT } from '../lib/errors';
import { RateLimitedError } from '../lib/attempts';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { writeAudit } from '../factory/audit';
import { fieldsFromValidation, type AjvError } from '../factory/validate';

/**
 * Refusals are security events (ASVS 16): a 403 or a 429 goes to the audit log with who, from where (the
 * real address) and which route. A failure to write it is logged, never turned into another answer.
 */
async function auditRefusal(app: FastifyInstance, request: FastifyRequest, error: ApiError): Promise<void> {
  try {
    await writeAudit(app.ctx.database.db, { actorId: request.user?.id ?? null, ip: request.ip }, {
      action: error.statusCode === 403 ? 'access.denied' : 'rate_limited',
      resource: 'Route',
      resourceId: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`.slice(0, 64),
      after: error instanceof RateLimitedError ? { limit: error.limit } : { reason: error.message },
    });
  } catch (auditError) {
    request.log.error({ err: auditError }, 'audit log write failed');
  }
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.statusCode === 403 || error.statusCode === 429) await auditRefusal(app, request, error);
      if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
    }
    const fe = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
    if (fe.validation) {
      return reply.status(400).send({
        error: { code: 'VALIDATION_FAILED', message: TEXT.validation, fields: fieldsFromValidation(fe.validation, fe.validationContext) },
      });
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = ERROR_CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
      const message = status === 400 || status === 413 || status === 415 ? TEXT.validation : fe.message;
      return reply.status(status).send({ error: { code, message } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', '2').send({ error: { code: 'UNAVAILABLE', message: TEXT.databaseUnavailable } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: TEXT.internal } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: { code: 'NOT_FOUND', message: TEXT.routeNotFound } });
  });
});
