/**
 * Bearer authentication. The token's session and the account are read from the database on every
 * request, so a signed-out, idle or ended session, and a locked or deleted account, are refused from
 * the next call.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Action, Resource } from '@trungtam/shared/permissions';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';
import { policy, requireCan, type Actor, type FilterArgs, type PolicyResource } from '../access/access';
import { ApiError, TEXT, unauthenticated } from '../lib/errors';
import { loadRoles, toUserDto } from '../services/accounts';
import { sessionAccount } from '../services/sessions';

function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

export async function authenticate(app: FastifyInstance, token: string, ip: string | null = null): Promise<Actor> {
  const claims = app.ctx.tokens.verify(token);
  if (!claims) throw unauthenticated();
  const { db } = app.ctx.database;
  const row = await sessionAccount(app.ctx, claims.userId, claims.sessionId, ip);
  if (!row) throw unauthenticated();
  if (row.status === ACCOUNT_STATUS.LOCKED) throw new ApiError(401, 'ACCOUNT_LOCKED', TEXT.accountLocked);
  const roles = await loadRoles(db, [row.roleId]);
  return { ...toUserDto(row, roles.get(row.roleId)), sessionId: claims.sessionId };
}

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config?.auth ?? 'required';
    // Unknown routes go to the not-found handler without a check.
    const url = request.routeOptions.url;
    if (!url || mode === 'none' || url.startsWith('/api/docs')) return;
    const token = bearerToken(request);
    if (token === undefined) {
      if (mode === 'optional') return;
      throw unauthenticated();
    }
    if (token === null) throw unauthenticated();
    request.user = await authenticate(app, token, request.ip);
  });
});

/** The signed-in user of a route that requires one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** preHandler: 403 unless the user's role grants (resource, action). */
export function requirePermission(resource: Resource, action: Action) {
  return async (request: FastifyRequest) => {
    requireCan(actorOf(request), resource, action);
  };
}

/**
 * preHandler: 403 unless the access policy lets the user ask for `resource`'s list, for a list whose
 * gate is not a single permission (the policy's `list` rule; the rows are scoped by the service).
 */
export function requireListAccess<R extends PolicyResource>(resource: R, ...filter: FilterArgs<R>) {
  return async (request: FastifyRequest) => {
    policy(actorOf(request)).assertList(resource, ...filter);
  };
}
