/** The signed-in user's own account (the account page): GET /user/profile, PUT /user/update-profile. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Data, errorResponses, Nullable } from '@trungtam/shared/schemas/builders';
import { UserRecord as UserSchema } from '@trungtam/shared/schemas/records';
import { UpdateProfileBody } from '@trungtam/shared/schemas/users';
import { getOwnProfile, updateOwnProfile } from '../services/profile';
import { actorOf, auditCtx } from '../factory';

const ProfileSchema = Type.Intersect([
  UserSchema,
  Type.Object({ center: Nullable(Type.Object({ center_id: Type.Integer(), name: Type.String() })) }),
]);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/profile',
    { schema: { tags: ['users'], response: { 200: Data(ProfileSchema), ...errorResponses } } },
    async (request) => ({ data: await getOwnProfile(app.ctx, actorOf(request)) }),
  );

  // Own account only: no permission needed beyond being signed in; the id is the caller's.
  app.put(
    '/user/update-profile',
    { schema: { tags: ['users'], body: UpdateProfileBody, response: { 200: Data(UserSchema), ...errorResponses } } },
    async (request) => ({ data: await updateOwnProfile(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );
};

export default routes;
