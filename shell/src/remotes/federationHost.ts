/**
 * The page's Module Federation runtime, started when an area first loads (federation.ts) rather than
 * with the page: the sign-in page and the dashboard download and run none of it. It provides the
 * runtime core to the remotes (their builds leave it out: one runtime on the page) and the shell's own
 * copy of every shared module (providedShared.ts), each marked as loaded, so that every remote takes the
 * shell's copy (one React, one router, one session, one theme) whichever version it was built with: the
 * registry's compatibility gate has checked at release that the shell's versions satisfy it.
 */
import { init, loadRemote, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { provideFederationRuntimeCore } from '@trungtam/shared/federationRuntimeGlobal';
import type { FederationRuntime } from './loader';
import { PROVIDED_SHARED } from './providedShared';
import { remoteErrorPlugin } from './runtime-plugin';

/** The version of each provided module (the build's, from rsbuild.config.ts). */
const PROVIDED_VERSIONS: Record<string, string> = JSON.parse(process.env.PROVIDED_SHARED_VERSIONS || '{}');

export interface FederationRuntimeOptions {
  /** A remote's manifest fetched ahead of the runtime, by URL (federation.ts), taken once; none: the runtime fetches it. */
  takeManifestAhead: (url: string) => Promise<Response> | undefined;
}

/** Hands the runtime the manifests fetched ahead of it, in place of fetching them again. */
function manifestsAheadPlugin({ takeManifestAhead }: FederationRuntimeOptions): ModuleFederationRuntimePlugin {
  return { name: 'trungtam-manifests-ahead', fetch: (url) => takeManifestAhead(url) };
}

export function startFederationRuntime(options: FederationRuntimeOptions): FederationRuntime {
  provideFederationRuntimeCore();
  init({
    name: 'shell',
    remotes: [],
    // (the default, 'version-first', would download every registered remote's entry to compare versions)
    shareStrategy: 'loaded-first',
    plugins: [remoteErrorPlugin(), manifestsAheadPlugin(options)],
    shared: Object.fromEntries(
      Object.entries(PROVIDED_SHARED).map(([name, load]) => [
        name,
        {
          version: PROVIDED_VERSIONS[name] ?? '0',
          get: () => load().then((module) => () => module),
          loaded: true,
          shareConfig: { singleton: true, requiredVersion: false as const },
        },
      ]),
    ),
  });
  return { registerRemotes, loadRemote };
}
