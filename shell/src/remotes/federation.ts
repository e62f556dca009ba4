/**
 * The shell's remote loader. The Module Federation runtime starts with the first area to load
 * (federationHost.ts), not with the page; the areas registered before then are handed to it as it
 * starts. Its script is prefetched once this module has loaded (with the signed-in part): the browser
 * fetches it when it has nothing else to do, after the page's own scripts, so that opening an area does
 * not wait for it. A failed download of it fails that load, and the loader's next attempt tries again.
 *
 * The first area's manifest (its build's mf-manifest.json) is fetched beside the runtime's download
 * rather than by the runtime once it has started (or, for the area a returning user's page opens on, by
 * the entry as soon as the API's manifest names it): the runtime takes that answer (federationHost.ts),
 * and the area's own scripts start a round trip sooner.
 */
import { takeOpeningAreaManifest } from '../startup/earlyAnswers';
import { createRemoteLoader, type FederationRuntime } from './loader';

type Registration = Parameters<FederationRuntime['registerRemotes']>;

let runtime: FederationRuntime | undefined;
let starting: Promise<FederationRuntime> | undefined;
const waitingRegistrations: Registration[] = [];
/** Manifests fetched ahead of the runtime, by URL, until the runtime takes them. */
const manifestsAhead = new Map<string, Promise<Response>>();

function takeManifestAhead(url: string): Promise<Response> | undefined {
  const answer = manifestsAhead.get(url);
  manifestsAhead.delete(url);
  return answer;
}

function startRuntime(): Promise<FederationRuntime> {
  if (!starting) {
    const started = import(/* webpackChunkName: "federation", webpackPrefetch: true */ './federationHost').then(({ startFederationRuntime }) => {
      const federation = startFederationRuntime({ takeManifestAhead });
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

/** Before the runtime has started: the manifest of the remote that `id` is of, fetched now. */
function fetchManifestAhead(id: string) {
  if (runtime) return;
  // (the remote's last registration: until the runtime starts, every registration waits for it)
  const name = id.split('/')[0];
  const entry = waitingRegistrations.flatMap(([remotes]) => remotes.filter((remote) => remote.name === name)).at(-1)?.entry;
  if (!entry?.endsWith('.json') || manifestsAhead.has(entry)) return;
  // (the entry's, for the area a returning user's page opens on: startup/earlySignedInPart.ts)
  const answer = takeOpeningAreaManifest(entry) ?? fetch(entry);
  // (a failure is the runtime's to meet, when it takes the answer)
  answer.catch(() => {});
  manifestsAhead.set(entry, answer);
}

export const remoteLoader = createRemoteLoader({
  registerRemotes(...registration) {
    if (runtime) runtime.registerRemotes(...registration);
    else waitingRegistrations.push(registration);
  },
  loadRemote(id) {
    fetchManifestAhead(id);
    return startRuntime().then((federation) => federation.loadRemote(id));
  },
});
