/** GET /discounts and GET /discounts/{id}: the discount choices (the settings screen adds the writes). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Data, errorResponses, IdParams, ListOf } from '../schemas/common';
import { DiscountListQuery, DiscountSchema } from '../schemas/learning';
import { requirePermission } from '../plugins/auth';
import { listDiscounts, showDiscount } from '../services/discounts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/discounts',
    {
      schema: { tags: ['discounts'], querystring: DiscountListQuery, response: { 200: ListOf(DiscountSchema), ...errorResponses } },
      preHandler: requirePermission('ProductDiscount', 'GetAll'),
    },
    async (request) => ({ data: await listDiscounts(app.ctx, request.query) }),
  );

  app.get(
    '/discounts/:id',
    {
      schema: { tags: ['discounts'], params: IdParams, response: { 200: Data(DiscountSchema), ...errorResponses } },
      preHandler: requirePermission('ProductDiscount', 'GetOne'),
    },
    async (request) => ({ data: await showDiscount(app.ctx, request.params.id) }),
  );
};

export default routes;
