/**
 * The authorise step: who the request's user is (the auth plugin loaded them), and the permission gates a
 * route asks for before its handler runs. Row rules (which rows, which values) are the scope step's.
 */
import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Action, PermissionResource } from '@trungtam/shared/permissions';
import { policy, requireCan, type Actor, type FilterArgs, type PolicyResource } from '../access/access';
import { unauthenticated } from '../lib/errors';

/** The signed-in user of a route that requires one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** preHandler: 403 unless the user's role grants (resource, action). */
export function requirePermission(resource: PermissionResource, action: Action): preHandlerHookHandler {
  return (request, _reply, done) => {
    requireCan(actorOf(request), resource, action);
    done();
  };
}

/**
 * preHandler: 403 unless the access policy lets the user ask for `resource`'s list, for a list whose
 * gate is not a single permission (the policy's `list` rule; the rows are scoped by the service).
 */
export function requireListAccess<R extends PolicyResource>(resource: R, ...filter: FilterArgs<R>): preHandlerHookHandler {
  return (request, _reply, done) => {
    policy(actorOf(request)).assertList(resource, ...filter);
    done();
  };
}
