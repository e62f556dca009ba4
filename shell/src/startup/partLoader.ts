/**
 * A part of the shell downloaded on its own (a dynamic import), loaded once: `load` starts the download
 * and answers the same promise on every call, a failed one included (a render that takes it up must see
 * the failure, not start another download each time), until `reset` forgets a failed download so that
 * the next `load` tries again. `loaded` is the module once there, so that a render can take it at once
 * instead of suspending. Imports nothing: the entry's own modules use it (earlySignedInPart.ts), before
 * any shared module is loaded.
 */
export interface PartLoader<M> {
  load(): Promise<M>;
  loaded(): M | undefined;
  reset(): void;
}

export function partLoader<M>(importPart: () => Promise<M>): PartLoader<M> {
  let loading: Promise<M> | undefined;
  let loaded: M | undefined;
  return {
    load() {
      loading ??= importPart().then((module) => (loaded = module));
      return loading;
    },
    loaded: () => loaded,
    reset() {
      if (!loaded) loading = undefined;
    },
  };
}
