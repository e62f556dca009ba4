/** Types of remotes.mjs, for the TypeScript files that read the remotes list. */
/** A route of the registry (`@trungtam/shared/routes` derives its rule, breadcrumb, menu entry and translations). */
export interface RemoteRoute {
  path: string;
  /** Its screen: a module under the remote's src/features without `.tsx` (`rooms/RoomsPage`), whose export named like the file renders it. */
  screen: string;
  permission?: { resource: string; action: string };
  /** Only these user types may open it, on top of the permission. */
  types?: string[];
  /** A key of the registry's `sections`. */
  section: string;
  /** Its i18n key and its title in every language (en, de, es, fr, ja, zh, vi). */
  title: { key: string } & Record<string, string>;
  menu?: { icon?: string; order: number; permission?: { resource: string; action: string } };
}
export interface RemoteEntry {
  name: string;
  workspace: string;
  ports: { dev: number; e2e: number };
  routes: RemoteRoute[];
  portVariable: string;
  version: string;
}
export const ROOT: string;
export const REMOTES_FILE: string;
export const SHELL: { workspace: string; ports: { dev: number; e2e: number } };
export const API: { workspace: string; ports: { dev: number; e2e: number } };
export const REMOTES: RemoteEntry[];
export const FRONT_END_WORKSPACES: string[];
export function remoteOfWorkspace(workspace: string): RemoteEntry;
export function e2eEnv(): Record<string, string>;
