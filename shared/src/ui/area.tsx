/**
 * A remote's exposed `./Area`: the screen of the manifest route the shell opened (a trailing slash
 * aside), or nothing for a path the remote does not render. The shell provides the theme, the toaster,
 * the query client and the breadcrumb; the Area renders only the page.
 */
import type { ComponentType } from 'react';
import type { AreaProps } from '../contracts';

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
