/**
 * A part of the shell downloaded on its own (a dynamic import), loaded once: `load` starts the download
 * (again after a failure: the network), `loaded` is its module once there, so that a render can take it
 * at once instead of suspending. Imports nothing: the entry's own modules use it (earlySignedInPart.ts),
 * before any shared module is loaded.
 */
export interface PartLoader<M> {
  load(): Promise<M>;
  loaded(): M | undefined;
}

export function partLoader<M>(importPart: () => Promise<M>): PartLoader<M> {
  let loading: Promise<M> | undefined;
  let loaded: M | undefined;
  return {
    load() {
      if (!loading) {
        const attempt = importPart().then((module) => (loaded = module));
        // a failed download is tried again by the next call
        attempt.catch(() => {
          if (loading === attempt) loading = undefined;
        });
        loading = attempt;
      }
      return loading;
    },
    loaded: () => loaded,
  };
}
