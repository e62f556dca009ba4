/**
 * The Module Federation runtime core under the global name the remotes' builds read it from (their
 * `externalRuntime`: a remote's build leaves the runtime out, so that a page holds one runtime, not one
 * per remote). The shell provides it when it starts its runtime (shell/src/remotes/federationHost.ts);
 * a remote's standalone page loads this module as a script of its own, before the page's own, in the
 * shell's place (federation.ts, defineRemoteConfig).
 */
import * as runtimeCore from '@module-federation/runtime-core';

export function provideFederationRuntimeCore(): void {
  (globalThis as { _FEDERATION_RUNTIME_CORE?: typeof runtimeCore })._FEDERATION_RUNTIME_CORE = runtimeCore;
}

provideFederationRuntimeCore();
