/**
 * The UI kit's large components, downloaded on first use instead of with the kit: menus, dialogs,
 * drawers, popovers, tabs, number inputs, radio groups, switches, checkboxes and avatars are built on
 * state machines and weigh about half of the kit, and the sign-in page needs none of them.
 *
 * Each is a stand-in for its Chakra namespace (`Menu`, `Dialog`…): every part (`Menu.Root`…) is one
 * stable component that renders the real part once the namespace's code is there and suspends until
 * then (the nearest Suspense boundary shows its fallback the first time). A dialog or drawer that is
 * closed draws nothing until its code is there, so a screen's closed dialogs (the delete confirmation, the
 * record's form…) do not hold its first render; opened before then, it appears as soon as its code
 * arrives, the page staying as it is meanwhile. A dropdown's button is drawn alone until first used
 * (`OnDemand`). The shell starts the downloads ahead with `preloadDeferredUi` (a dropdown's on hover or
 * focus, every one once an area's page has settled), so a screen rarely waits for them. A remote built
 * before this change names the same parts and gets them.
 */
import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import { lazyPart } from './lazyParts';
import type {
  Avatar as ChakraAvatar,
  Checkbox as ChakraCheckbox,
  Dialog as ChakraDialog,
  Drawer as ChakraDrawer,
  Menu as ChakraMenu,
  NumberInput as ChakraNumberInput,
  Popover as ChakraPopover,
  PortalProps,
  RadioGroup as ChakraRadioGroup,
  Switch as ChakraSwitch,
  Tabs as ChakraTabs,
} from '@chakra-ui/react';

type AnyComponent = ComponentType<Record<string, unknown>>;

/**
 * The deferred components' recipes, downloaded with the first of them and added to the system, with the
 * theme itself (theme.ts), which a page whose first screen is plain elements has not loaded yet.
 */
let recipesAdded: Promise<void> | undefined;
function addDeferredRecipes(): Promise<void> {
  recipesAdded ??= Promise.all([import('./deferredRecipes'), import('./theme')]).then(
    ([{ DEFERRED_RECIPES }, { registerRecipes }]) => registerRecipes(DEFERRED_RECIPES),
    (error: unknown) => {
      recipesAdded = undefined;
      throw error;
    },
  );
  return recipesAdded;
}

/**
 * Chakra's `Portal`, which every overlay's content is rendered through: downloaded with each deferred
 * namespace (it suspends until then; inside an overlay, it is there already).
 */
export const Portal = lazyPart<PortalProps & { children?: ReactNode }>('Portal', () => import('@chakra-ui/react/portal').then((m) => m.Portal));

/**
 * What downloads with a deferred namespace besides its own code (a dropdown's content built with the kit:
 * the filter's form, say), by namespace: `alsoDownloadWith` adds to it.
 */
const companions = new Map<string, Set<() => Promise<unknown>>>();

/** Downloads `load` with the deferred namespace `name` (preloaded with it, or waited for on its first render). */
export function alsoDownloadWith(name: DeferredUiName, load: () => Promise<unknown>): void {
  const set = companions.get(name) ?? new Set();
  set.add(load);
  companions.set(name, set);
  // (the namespace's download under way or done already: this one starts now)
  if (startedNamespaces.has(name)) void load().catch(() => {});
}

const startedNamespaces = new Set<string>();

/** Each deferred namespace's download, by name (`Menu`…), started at most once until it succeeds. */
const downloads = new Map<string, () => Promise<unknown>>();

/** The namespaces whose `Root` is an overlay (nothing on the page while closed). */
const OVERLAYS = new Set(['Dialog', 'Drawer']);

function deferredNamespace<T extends object>(name: string, load: () => Promise<T>): T {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  const start = () => {
    startedNamespaces.add(name);
    // (with the theme and its recipes, the portal, and what else comes with this namespace)
    loading ??= Promise.all([load(), addDeferredRecipes(), Portal.preload(), ...[...(companions.get(name) ?? [])].map((companion) => companion())]).then(
      ([namespace]) => (loaded = namespace),
      (error: unknown) => {
        // a failed download (the network) is tried again by the next render
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  downloads.set(name, start);
  const parts = new Map<string, AnyComponent>();
  return new Proxy({} as T, {
    get(_target, key) {
      // only parts are components (capitalised); anything else (`then`, symbols) is not there
      if (typeof key !== 'string' || !/^[A-Z]/.test(key)) return undefined;
      let part = parts.get(key);
      if (!part) {
        const Loaded = (props: Record<string, unknown>) => {
          const Real = ((loaded ?? use(start())) as Record<string, AnyComponent>)[key];
          return <Real {...props} />;
        };
        const overlayRoot = key === 'Root' && OVERLAYS.has(name);
        const Part = (props: Record<string, unknown>) => {
          if (!overlayRoot) return <Loaded {...props} />;
          // a closed overlay shows nothing: its code is not needed yet (nor is anything inside it rendered)
          if (!loaded && !props.open && !props.defaultOpen) return null;
          // (always under its own boundary once drawn, so that its code arriving does not mount it again)
          return (
            <Suspense fallback={null}>
              <Loaded {...props} />
            </Suspense>
          );
        };
        Part.displayName = `${name}.${key}`;
        parts.set(key, Part);
        part = Part;
      }
      return part;
    },
  });
}

/** The names `preloadDeferredUi` takes: every deferred namespace. */
export const DEFERRED_UI_NAMES = ['Avatar', 'Checkbox', 'Dialog', 'Drawer', 'Menu', 'NumberInput', 'Popover', 'RadioGroup', 'Switch', 'Tabs'] as const;
export type DeferredUiName = (typeof DEFERRED_UI_NAMES)[number];

/**
 * Starts downloading the named deferred components (every one when none is named); resolves when they
 * are there, so that their first render does not suspend. A failed download is left to the render.
 */
export function preloadDeferredUi(...names: DeferredUiName[]): Promise<void> {
  const chosen = names.length ? names : [...downloads.keys()];
  return Promise.all(chosen.map((name) => downloads.get(name)?.().catch(() => undefined))).then(() => undefined);
}

export const Avatar = deferredNamespace<typeof ChakraAvatar>('Avatar', () => import('@chakra-ui/react/avatar').then((m) => m.Avatar));
export const Checkbox = deferredNamespace<typeof ChakraCheckbox>('Checkbox', () => import('@chakra-ui/react/checkbox').then((m) => m.Checkbox));
export const Dialog = deferredNamespace<typeof ChakraDialog>('Dialog', () => import('@chakra-ui/react/dialog').then((m) => m.Dialog));
export const Drawer = deferredNamespace<typeof ChakraDrawer>('Drawer', () => import('@chakra-ui/react/drawer').then((m) => m.Drawer));
export const Menu = deferredNamespace<typeof ChakraMenu>('Menu', () => import('@chakra-ui/react/menu').then((m) => m.Menu));
export const NumberInput = deferredNamespace<typeof ChakraNumberInput>('NumberInput', () =>
  import('@chakra-ui/react/number-input').then((m) => m.NumberInput),
);
export const Popover = deferredNamespace<typeof ChakraPopover>('Popover', () => import('@chakra-ui/react/popover').then((m) => m.Popover));
export const RadioGroup = deferredNamespace<typeof ChakraRadioGroup>('RadioGroup', () =>
  import('@chakra-ui/react/radio-group').then((m) => m.RadioGroup),
);
export const Switch = deferredNamespace<typeof ChakraSwitch>('Switch', () => import('@chakra-ui/react/switch').then((m) => m.Switch));
export const Tabs = deferredNamespace<typeof ChakraTabs>('Tabs', () => import('@chakra-ui/react/tabs').then((m) => m.Tabs));
