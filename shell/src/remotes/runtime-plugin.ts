/**
 * Module Federation runtime plugin: a remote that cannot be loaded (server down, bad build, network)
 * must not throw out of the runtime. Its final `errorLoadRemote` (lifecycle `onLoad`) answers with a
 * failure marker instead; the loader turns that into a retry and, at last, the area's fallback.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export const LOAD_FAILURE = Symbol.for('trungtam.remote-load-failure');

export interface LoadFailure {
  [LOAD_FAILURE]: true;
  id: string;
  error: unknown;
}

export function isLoadFailure(value: unknown): value is LoadFailure {
  return typeof value === 'object' && value !== null && LOAD_FAILURE in value;
}

export function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'trungtam-remote-error',
    errorLoadRemote(args) {
      // Earlier lifecycles (manifest fetch, shared modules) fall through to `onLoad`, where the
      // whole `loadRemote()` call is answered.
      if (args.lifecycle !== 'onLoad') return undefined;
      const failure: LoadFailure = { [LOAD_FAILURE]: true, id: args.id, error: args.error };
      return failure;
    },
  };
}
