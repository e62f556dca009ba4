/** The signed-in user's own account (the account page): PUT /user/update-profile. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Data, errorResponses } from '../schemas/common';
import { accountName, phone, UserSchema } from '../schemas/users';
import { actorOf } from '../plugins/auth';
import { updateOwnProfile } from '../services/profile';
import { auditCtx } from './helpers';

export const UpdateProfileBody = Type.Object({ name: accountName, phone_number: phone });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Own account only: no permission needed beyond being signed in; the id is the caller's.
  app.put(
    '/user/update-profile',
    { schema: { tags: ['users'], body: UpdateProfileBody, response: { 200: Data(UserSchema), ...errorResponses } } },
    async (request) => ({ data: await updateOwnProfile(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );
};

export default routes;
