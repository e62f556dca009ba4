/**
 * Module Federation runtime plugin: a remote that cannot be loaded (server down, bad build, network)
 * must not throw out of the runtime. Its final `errorLoadRemote` (lifecycle `onLoad`) answers with a
 * failure marker instead; the loader turns that into a retry and, at last, the area's fallback. And the
 * scripts the runtime adds for a remote (its entry, its exposed module's files) load with CORS, as the
 * remote's own chunk loading does (defineRemoteConfig), so that the page sees the errors its code throws
 * (a script from another origin loaded without CORS reports them as "Script error.", and Chromium drops
 * its promises' rejections): the areas' health attributes them (areaHealthReporter.ts).
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
    createScript({ url, attrs = {} }) {
      const script = document.createElement('script');
      for (const [name, value] of Object.entries(attrs)) {
        if (name === 'async' || name === 'defer') script[name] = Boolean(value);
        else script.setAttribute(name, String(value));
      }
      script.crossOrigin = 'anonymous';
      script.src = url;
      return script;
    },
  };
}
