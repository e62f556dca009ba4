/** The signed-in user's own account (the account page): GET /user/profile, PUT /user/update-profile. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Data, errorResponses, Nullable } from '@trungtam/shared/schemas/builders';
import { UserRecord as UserSchema } from '@trungtam/shared/schemas/records';
import { accountName, storedPhone } from '@trungtam/shared/schemas/users';
import { getOwnProfile, updateOwnProfile } from '../services/profile';
import { actorOf, auditCtx } from '../factory';

/**
 * One's own name and phone. The phone is checked as on the accounts' update (services/users.ts): only
 * when it changes, then required and a Vietnamese number, so that an account without one, or holding one
 * in an older format, can still change its name.
 */
export const UpdateProfileBody = Type.Object({ name: accountName, phone_number: storedPhone });
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
