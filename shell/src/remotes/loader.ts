/**
 * Loads a remote's `./Area` on demand. Remotes are registered from the API's manifest (the shell knows
 * none at build time); an area's code is fetched only when one of its routes is opened, once per
 * remote, with retries (2 by default, with backoff) before the failure reaches the area's fallback.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AreaProps, ManifestArea } from '@trungtam/shared/contracts';
import { isLoadFailure } from './runtime-plugin';

export type AreaComponent = ComponentType<AreaProps>;

/** The part of the Module Federation runtime the loader uses. */
export interface FederationRuntime {
  registerRemotes: (remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }) => void;
  loadRemote: <T>(id: string) => Promise<T | null | undefined>;
}

export interface RemoteLoaderOptions {
  /** Attempts after the first one. */
  retries?: number;
  /** Wait before the first retry; doubled for each further one. */
  retryDelayMs?: number;
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    readonly reason: unknown,
  ) {
    super(`Remote "${remote}" could not be loaded: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'RemoteLoadError';
  }
}

export interface RemoteLoader {
  /** Registers (or re-points) the manifest's areas with the runtime. Fetches nothing. */
  register: (areas: readonly ManifestArea[]) => void;
  isRegistered: (name: string) => boolean;
  /** `${name}/Area`'s component, loading it on first use. Rejects with RemoteLoadError. */
  load: (name: string) => Promise<AreaComponent>;
  /** A React.lazy component for the area, the same one for every call until `reset(name)` or a failed load. */
  lazyArea: (name: string) => LazyExoticComponent<AreaComponent>;
  /** Forgets a failed (or any) load so that the next render tries again. */
  reset: (name: string) => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function areaComponentOf(name: string, module: unknown): AreaComponent {
  if (isLoadFailure(module)) throw module.error ?? new Error(`${module.id} failed`);
  const component = (module as { default?: unknown } | null | undefined)?.default;
  if (typeof component === 'function' || (typeof component === 'object' && component !== null)) {
    return component as AreaComponent;
  }
  throw new Error(`${name}/Area has no default export`);
}

export function createRemoteLoader(
  runtime: FederationRuntime,
  { retries = 2, retryDelayMs = 500 }: RemoteLoaderOptions = {},
): RemoteLoader {
  const entries = new Map<string, string>();
  const loads = new Map<string, Promise<AreaComponent>>();
  const lazies = new Map<string, LazyExoticComponent<AreaComponent>>();

  function reset(name: string) {
    loads.delete(name);
    lazies.delete(name);
  }

  function register(areas: readonly ManifestArea[]) {
    for (const { name, entry } of areas) {
      const known = entries.get(name);
      if (known === entry) continue;
      // A new entry for a known remote (another build for another user): replace it.
      runtime.registerRemotes([{ name, entry }], { force: known !== undefined });
      entries.set(name, entry);
      reset(name);
    }
  }

  function load(name: string): Promise<AreaComponent> {
    const pending = loads.get(name);
    if (pending) return pending;
    const promise = (async () => {
      if (!entries.has(name)) throw new RemoteLoadError(name, new Error('not in the manifest'));
      let lastError: unknown;
      for (let attempt = 0; attempt <= retries; attempt += 1) {
        if (attempt > 0) await wait(retryDelayMs * 2 ** (attempt - 1));
        try {
          return areaComponentOf(name, await runtime.loadRemote<unknown>(`${name}/Area`));
        } catch (error) {
          lastError = error;
        }
      }
      throw new RemoteLoadError(name, lastError);
    })();
    loads.set(name, promise);
    // a failure is not cached: the next load (the fallback's retry button, or opening the route
    // again) starts over, with a fresh lazy component (React.lazy keeps its rejection forever)
    promise.catch(() => {
      if (loads.get(name) === promise) {
        loads.delete(name);
        lazies.delete(name);
      }
    });
    return promise;
  }

  function lazyArea(name: string) {
    let component = lazies.get(name);
    if (!component) {
      component = lazy(async () => ({ default: await load(name) }));
      lazies.set(name, component);
    }
    return component;
  }

  return { register, isRegistered: (name) => entries.has(name), load, lazyArea, reset };
}
