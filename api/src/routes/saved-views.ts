/** Saved views of the lists (services/saved-views): every signed-in user's own, and those shared with their role. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Data, errorResponses, IdParams, ResultBody } from '@trungtam/shared/schemas/builders';
import { SavedViewCreateBody, SavedViewListQuery, SavedViewRecord, SavedViewUpdateBody } from '../schemas/saved-views';
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from '../services/saved-views';
import { actorOf, auditCtx } from '../factory';

const tags = ['saved-views'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/saved-view/list',
    {
      schema: {
        tags,
        description: 'The caller’s saved views of one list (its route path), then those shared with their role.',
        querystring: SavedViewListQuery,
        response: { 200: Data(Type.Array(SavedViewRecord)), ...errorResponses },
      },
    },
    async (request) => ({ data: await listSavedViews(app.ctx, actorOf(request), request.query.list_key) }),
  );

  app.post(
    '/saved-view/create',
    {
      schema: {
        tags,
        description: 'Saves a list’s filters and sort under a name; sharing with a role needs System GetAllRole.',
        body: SavedViewCreateBody,
        response: { 201: Data(SavedViewRecord), ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createSavedView(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.put(
    '/saved-view/update',
    {
      schema: { tags, description: 'Renames one’s own view, or changes its filters, sort or sharing.', body: SavedViewUpdateBody, response: { 200: Data(SavedViewRecord), ...errorResponses } },
    },
    async (request) => ({ data: await updateSavedView(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.delete(
    '/saved-view/delete/:id',
    { schema: { tags, description: 'Deletes one’s own view.', params: IdParams, response: { 200: ResultBody, ...errorResponses } } },
    async (request) => ({ data: await deleteSavedView(app.ctx, actorOf(request), request.params.id, auditCtx(request)) }),
  );
};

export default routes;
