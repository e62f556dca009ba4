/**
 * Parts of a screen whose code downloads apart from the screen: its forms. Formik, yup, the form fields
 * and a screen's form modules are about a sixth of what an area's first screen would otherwise download
 * before it shows, and a list shows no form until asked.
 *
 * - `lazyDialog`: a dialog (its `open` prop, or what `isOpen` reads from its props) that draws nothing,
 *   and needs no code, until first opened; opened, it appears as soon as its code is there, the page
 *   staying as it is meanwhile. Its code is downloaded ahead once the page has settled, so it rarely
 *   waits; a failed download reaches the nearest error boundary, and the next render tries again.
 * - `lazyPart`: any other component, which suspends (the nearest Suspense boundary shows its fallback)
 *   until its code is there.
 * Each has `preload()`, which starts its download (once until it succeeds; a failed one is tried again).
 * A dialog's download also starts the kit's form modal's (withEveryDialog). A part made with
 * `{ preloaded: false }` (a large library one screen uses: the charts') is left out of preloadLazyParts.
 */
import { Suspense, use, useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { whenSettled } from './whenSettled';

export interface LazyComponent<P> {
  (props: P): ReactElement | null;
  displayName?: string;
  /** Starts the download of the component's code; resolves once it is there. */
  preload(): Promise<unknown>;
}

/** Every lazy part's download, to start them all (preloadLazyParts). */
const downloads = new Set<() => Promise<unknown>>();

/**
 * Starts the download of every lazy part made so far; resolves once all are there. (The front-end tests
 * render them at once, as a page does once its downloads have run: jest.setup.ts.)
 */
export function preloadLazyParts(): Promise<unknown> {
  return Promise.all([...downloads].map((start) => start()));
}

export interface LazyPartOptions {
  /** Among the downloads preloadLazyParts starts (default true). */
  preloaded?: boolean;
}

/** The download of one component's code, started at most once until it succeeds. */
function download<P>(load: () => Promise<ComponentType<P>>, { preloaded = true }: LazyPartOptions = {}) {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // a failed download (the network) is tried again by the next render or preload
        loading = undefined;
        throw error;
      },
    ));
  if (preloaded) downloads.add(start);
  /** Renders the component once its code is there, suspending until then. */
  function Loaded(props: P & object) {
    const Real = loaded ?? use(start());
    return <Real {...props} />;
  }
  return { start, Loaded };
}

export function lazyPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>, options?: LazyPartOptions): LazyComponent<P> {
  const { start, Loaded } = download(load, options);
  const Part = (props: P) => <Loaded {...props} />;
  Part.displayName = name;
  Part.preload = start;
  return Part;
}

/** Whether a dialog is open: its `open` prop, or what `isOpen` reads from its props (a target record, say). */
const openProp = (props: object) => (props as { open?: boolean }).open === true;

/** What every lazy dialog's download brings along (the kit's form modal: withEveryDialog). */
const dialogCompanions = new Set<() => Promise<unknown>>();

/**
 * Downloads `part` with every lazy dialog: the kit's form modal, on which a screen's forms are built,
 * so that a screen's form (its own module, then the modal inside it) does not download in two steps.
 */
export function withEveryDialog(part: Pick<LazyComponent<never>, 'preload'>): void {
  dialogCompanions.add(part.preload);
}

export function lazyDialog<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = openProp,
): LazyComponent<P> {
  const { start, Loaded } = download(() => {
    // (not the dialog's own download, when the dialog is a companion itself)
    for (const companion of dialogCompanions) if (companion !== start) void companion().catch(() => {});
    return load();
  });
  const Dialog = (props: P) => {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    // (its download, then the next piece's: whenSettled)
    useEffect(() => whenSettled(start), []);
    // never opened: nothing on the page, no code needed
    if (!opened) return null;
    // (under its own boundary, so that its code arriving does not mount the screen again)
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
  Dialog.displayName = name;
  Dialog.preload = start;
  return Dialog;
}
