/**
 * /system/remote/*: the manifest every signed-in user's shell asks for, and the registry of the remote
 * areas as administrators manage it (System ManageAreas; every change in the audit log).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  RemoteAreaBody,
  RemoteAreaRecord,
  RemoteEnableBody,
  RemotePreviewQuery,
  RemoteReleaseBody,
  RemoteRolloutBody,
} from '@trungtam/shared/schemas/remotes';
import { Data, errorResponses } from '@trungtam/shared/schemas/builders';
import { AreaHealth, GuardBody, HealthQuery } from '@trungtam/shared/schemas/telemetry';
import { manifestFor } from '../services/remotes';
import { enableArea, listAreas, previewManifest, promoteCandidate, releaseBuild, rollBack, setGuardSettings, setRollout } from '../services/remote-releases';
import { areaHealth } from '../services/area-health';
import { actorOf, auditCtx, requirePermission } from '../factory';

const Crumb = Type.Object({ titleKey: Type.String(), label: Type.String() });
const Manifest = Type.Object({
  areas: Type.Array(
    Type.Object({
      name: Type.String(),
      entry: Type.String(),
      version: Type.String(),
      cohort: Type.Union([Type.Literal('stable'), Type.Literal('candidate')]),
      routes: Type.Array(
        Type.Object({
          path: Type.String(),
          breadcrumb: Type.Array(Crumb),
          menu: Type.Optional(
            Type.Object({
              section: Type.String(),
              titleKey: Type.String(),
              label: Type.String(),
              icon: Type.Optional(Type.String()),
              order: Type.Number(),
            }),
          ),
        }),
      ),
      /** The routes' titles by language, nested as i18next takes them (the route registry's). */
      texts: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    }),
  ),
  denied: Type.Array(Type.String()),
  /** The proof of the caller's session for POST /telemetry (the own manifest only, never a preview's). */
  telemetry_proof: Type.Optional(Type.String()),
});

const manageAreas = requirePermission('System', 'ManageAreas');
const tags = ['system'];
const AreaAnswer = { 200: Data(RemoteAreaRecord), ...errorResponses };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    '/system/remote/manifest',
    { schema: { tags, response: { 200: Data(Manifest), ...errorResponses } } },
    async (request) => {
      const actor = actorOf(request);
      return { data: { ...(await manifestFor(db, actor)), telemetry_proof: app.ctx.tokens.telemetryProof(actor.id, actor.sessionId) } };
    },
  );

  app.get(
    '/system/remote/list',
    { schema: { tags, response: { 200: Data(Type.Array(RemoteAreaRecord)), ...errorResponses } }, preHandler: manageAreas },
    async () => ({ data: await listAreas(db) }),
  );

  app.post(
    '/system/remote/release',
    { schema: { tags, body: RemoteReleaseBody, response: AreaAnswer }, preHandler: manageAreas },
    async (request) => ({ data: await releaseBuild(app.ctx, request.body, auditCtx(request), request.log) }),
  );

  app.put(
    '/system/remote/rollout',
    { schema: { tags, body: RemoteRolloutBody, response: AreaAnswer }, preHandler: manageAreas },
    async (request) => ({ data: await setRollout(app.ctx, request.body, auditCtx(request)) }),
  );

  app.post(
    '/system/remote/promote',
    { schema: { tags, body: RemoteAreaBody, response: AreaAnswer }, preHandler: manageAreas },
    async (request) => ({ data: await promoteCandidate(app.ctx, request.body.area, auditCtx(request)) }),
  );

  app.post(
    '/system/remote/rollback',
    { schema: { tags, body: RemoteAreaBody, response: AreaAnswer }, preHandler: manageAreas },
    async (request) => ({ data: await rollBack(app.ctx, request.body.area, auditCtx(request)) }),
  );

  app.put(
    '/system/remote/enable',
    { schema: { tags, body: RemoteEnableBody, response: AreaAnswer }, preHandler: manageAreas },
    async (request) => ({ data: await enableArea(app.ctx, request.body.area, request.body.enabled, auditCtx(request)) }),
  );

  app.get(
    '/system/remote/health',
    { schema: { tags, querystring: HealthQuery, response: { 200: Data(AreaHealth), ...errorResponses } }, preHandler: manageAreas },
    async (request) => ({ data: await areaHealth(app.ctx, request.query) }),
  );

  app.put(
    '/system/remote/guard',
    { schema: { tags, body: GuardBody, response: { 200: Data(AreaHealth), ...errorResponses } }, preHandler: manageAreas },
    async (request) => {
      await setGuardSettings(app.ctx, request.body.area, request.body.settings, auditCtx(request));
      return { data: await areaHealth(app.ctx, { area: request.body.area }) };
    },
  );

  app.get(
    '/system/remote/preview',
    { schema: { tags, querystring: RemotePreviewQuery, response: { 200: Data(Manifest), ...errorResponses } }, preHandler: manageAreas },
    async (request) => ({ data: await previewManifest(db, request.query.user_id) }),
  );
};

export default routes;
