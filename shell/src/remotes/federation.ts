/**
 * The shell's remote loader. The Module Federation runtime starts with the first area to load
 * (federationHost.ts), not with the page; the areas registered before then are handed to it as it
 * starts. Its script is prefetched once this module has loaded (with the signed-in part): the browser
 * fetches it when it has nothing else to do, after the page's own scripts, so that opening an area does
 * not wait for it. A failed download of it fails that load, and the loader's next attempt tries again.
 */
import { createRemoteLoader, type FederationRuntime } from './loader';

type Registration = Parameters<FederationRuntime['registerRemotes']>;

let runtime: FederationRuntime | undefined;
let starting: Promise<FederationRuntime> | undefined;
const waitingRegistrations: Registration[] = [];

function startRuntime(): Promise<FederationRuntime> {
  if (!starting) {
    const started = import(/* webpackPrefetch: true */ './federationHost').then(({ startFederationRuntime }) => {
      const federation = startFederationRuntime();
      for (const registration of waitingRegistrations.splice(0)) federation.registerRemotes(...registration);
      runtime = federation;
      return federation;
    });
    started.catch(() => {
      if (starting === started) starting = undefined;
    });
    starting = started;
  }
  return starting;
}

export const remoteLoader = createRemoteLoader({
  registerRemotes(...registration) {
    if (runtime) runtime.registerRemotes(...registration);
    else waitingRegistrations.push(registration);
  },
  loadRemote: (id) => startRuntime().then((federation) => federation.loadRemote(id)),
});
