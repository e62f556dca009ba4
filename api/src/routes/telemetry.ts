/**
 * POST /telemetry: the shell's batches of area health events (services/area-health). No Authorization
 * header (navigator.sendBeacon cannot set one): the batch's `proof` names the sender's session. The body
 * is JSON sent as application/json or, as sendBeacon sends a string, as text/plain (this route only);
 * at most TELEMETRY_LIMITS.batchBytes. Answers 204; a report never fails a user's action, so anything
 * the API cannot count (an unknown area, route or version) is dropped, not refused.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import { Type } from 'typebox';
import { TELEMETRY_LIMITS } from '@trungtam/shared/contracts/telemetry';
import { TelemetryBatch } from '@trungtam/shared/schemas/telemetry';
import { errorResponses } from '@trungtam/shared/schemas/builders';
import { ApiError, TEXT } from '../lib/errors';
import { batchTooLarge, telemetrySession } from '../services/area-health';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // this plugin's own parsers (its routes alone): text/plain is JSON here, and both stop at the batch limit
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: TELEMETRY_LIMITS.batchBytes }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new ApiError(400, 'VALIDATION_FAILED', TEXT.validation), undefined);
    }
  });

  app.post(
    '/telemetry',
    {
      config: { auth: 'none' },
      bodyLimit: TELEMETRY_LIMITS.batchBytes,
      schema: { tags: ['system'], security: [], consumes: ['application/json', 'text/plain'], body: TelemetryBatch, response: { 204: Type.Null(), 413: errorResponses[400], ...errorResponses } },
      // a body over the limit is refused with its own message; anything else goes to the API's handler
      errorHandler: (error: FastifyError) => {
        throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? batchTooLarge() : error;
      },
    },
    async (request, reply) => {
      const { sessionId } = await telemetrySession(app.ctx, request.body.proof);
      await app.ctx.limits.consume([['TELEMETRY_SESSION', sessionId]]);
      await app.ctx.areaHealthBuffer.add(request.body.events);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
