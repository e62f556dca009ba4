/** Types of remotes.mjs, for the TypeScript files that read the remotes list. */
export interface RemoteRoute {
  path: string;
  permission?: { resource: string; action: string };
  breadcrumb: Array<{ titleKey: string; label: string }>;
  menu?: { section: string; titleKey: string; label: string; icon?: string; order: number; permission?: { resource: string; action: string } };
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
