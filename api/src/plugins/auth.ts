/**
 * Bearer authentication. The token's session and the account are read from the database on every
 * request, so a signed-out, idle or ended session, and a locked or deleted account, are refused from
 * the next call. The role with its permissions comes from the in-process cache while the role revision
 * read in that same query is current, so a change to a role applies from the next call as well.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';
import type { Actor } from '../access/access';
import { ApiError, TEXT, unauthenticated } from '../lib/errors';
import { hookList } from '../lib/route-hooks';
import { cachedRoles, toUserDto } from '../services/accounts';
import type { DataRevisions } from '../services/revisions';
import { sessionAccount } from '../services/sessions';
import { SIGNUP_TEXT } from '../services/self-signup';

function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** The signed-in user of a token, with the data revisions read along with the session (one query when the role is cached). */
export async function authenticate(app: FastifyInstance, token: string, ip: string | null = null): Promise<{ actor: Actor; revisions: DataRevisions }> {
  const claims = app.ctx.tokens.verify(token);
  if (!claims) throw unauthenticated();
  const found = await sessionAccount(app.ctx, claims.userId, claims.sessionId, ip);
  if (!found) throw unauthenticated();
  const { user, revisions } = found;
  if (user.status === ACCOUNT_STATUS.LOCKED) throw new ApiError(401, 'ACCOUNT_LOCKED', TEXT.accountLocked);
  const roles = await cachedRoles(app.ctx, [user.roleId], revisions.role);
  return { actor: { ...toUserDto(user, roles.get(user.roleId)), sessionId: claims.sessionId }, revisions };
}

type AuthMode = 'required' | 'optional' | 'none';

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('revisions', null);
  /** The check of a route that asks for one, ahead of the route's own onRequest hooks. */
  const check = (mode: AuthMode, pendingAllowed: boolean): onRequestHookHandler => async (request) => {
    const token = bearerToken(request);
    if (token === undefined) {
      if (mode === 'optional') return;
      throw unauthenticated();
    }
    if (token === null) throw unauthenticated();
    const { actor, revisions } = await authenticate(app, token, request.ip);
    // a self-registered account waiting for approval sees only its own account (services/self-signup.ts)
    if (actor.status === ACCOUNT_STATUS.PENDING && !pendingAllowed) throw new ApiError(403, 'ACCOUNT_PENDING', SIGNUP_TEXT.pending);
    request.user = actor;
    request.revisions = revisions;
  };
  // Registered before any route, so that every route is seen; unknown routes go to the not-found handler without a check.
  app.addHook('onRoute', (route) => {
    const mode: AuthMode = route.config?.auth ?? 'required';
    if (mode === 'none' || route.url.startsWith('/api/docs')) return;
    route.onRequest = [check(mode, route.config?.pendingAllowed === true), ...hookList(route.onRequest)];
  });
});

/** The data revisions read with the signed-in user's session, for the caches a route uses. */
export function revisionsOf(request: FastifyRequest): DataRevisions {
  if (!request.revisions) throw unauthenticated();
  return request.revisions;
}
