/**
 * A remote's exposed `./Area`: the screen of the manifest route the shell opened (a trailing slash
 * aside), or nothing for a path the remote does not render. The shell provides the theme, the toaster,
 * the query client and the breadcrumb; the Area renders only the page.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { AreaProps } from '../contracts';
import type { ScreenFiles } from '../routes';
import { StateNotice } from './StateNotice';

/**
 * An area's screens, keyed by their route's path as written in deploy/remotes.json, each a download of
 * its own: `{ '/settings/learning/rooms': () => import('./features/rooms/RoomsPage').then((m) => m.RoomsPage) }`
 * (areaScreens builds it from the registry).
 */
export type AreaScreens = Readonly<Record<string, () => Promise<ComponentType>>>;

declare global {
  /**
   * A remote's build (development or production) writes its area's screen files here (`source.define`
   * of defineRemoteConfig, from deploy/remotes.json), so that its Area does not download the whole
   * registry. Not defined under jest: a remote's screens.ts reads them from the registry there (screenFilesOf).
   */
  const AREA_SCREEN_FILES: ScreenFiles;
}

/** The export of a screen's module that renders it: the one named like its file (`RoomsPage` for `rooms/RoomsPage`). */
export function screenExportName(screen: string): string {
  return screen.slice(screen.lastIndexOf('/') + 1);
}

/**
 * An area's screens table from its routes' screen files: each file downloaded through `load` when its
 * route is first opened (`load` names them by a template-literal import, one download each), and its
 * screen the export named like the file.
 */
export function areaScreens(files: ScreenFiles, load: (screen: string) => Promise<Readonly<Record<string, unknown>>>): AreaScreens {
  return Object.fromEntries(
    Object.entries(files).map(([path, screen]) => [path, () => load(screen).then((module) => module[screenExportName(screen)] as ComponentType)]),
  );
}

/** While a screen downloads: the list's plain loading notice, so that no styled component renders before it. */
function ScreenLoading() {
  return <StateNotice loading rowCount={0} />;
}

/**
 * The Area of a screens table: the route's screen, downloaded when first opened (the other screens' code
 * is not fetched with it), under one loading notice.
 */
export function areaOfScreens(screens: AreaScreens) {
  const byPath = new Map<string, ComponentType>(
    Object.entries(screens).map(([path, load]) => [path, lazy(() => load().then((Screen) => ({ default: Screen })))]),
  );
  return function Area({ path }: AreaProps) {
    const Screen = byPath.get(path.replace(/\/+$/, ''));
    if (!Screen) return null;
    return (
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    );
  };
}

/**
 * The Area of screens keyed by name, with a name → path table: what areas released before `areaOfScreens`
 * call, through the shell's shared package; kept for them.
 */
export function defineArea<Screen extends string>(paths: Record<Screen, string>, screens: Partial<Record<Screen, ComponentType>>) {
  const byPath = new Map<string, ComponentType>();
  for (const [screen, path] of Object.entries(paths) as Array<[Screen, string]>) {
    const Screen = screens[screen];
    if (Screen) byPath.set(path, Screen);
  }
  return function Area({ path }: AreaProps) {
    const Screen = byPath.get(path.replace(/\/+$/, ''));
    return Screen ? <Screen /> : null;
  };
}
