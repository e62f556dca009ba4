/**
 * Reads the one remotes list (remotes.json beside this file) for the scripts, the e2e environment,
 * the remotes' rsbuild configs and the API's local registry. Plain ES module, no dependencies.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '..');
export const REMOTES_FILE = path.join(here, 'remotes.json');

const list = JSON.parse(readFileSync(REMOTES_FILE, 'utf8'));

/** The shell's and the API's workspaces and ports. */
export const SHELL = list.shell;
export const API = list.api;

/**
 * Each remote with the environment variable of its port (`USERS_PORT` for `users`) and its version
 * (its workspace's package.json).
 */
export const REMOTES = list.remotes.map((remote) => ({
  ...remote,
  portVariable: `${remote.name.toUpperCase()}_PORT`,
  version: JSON.parse(readFileSync(path.join(ROOT, remote.workspace, 'package.json'), 'utf8')).version,
}));

/** Every workspace with front-end code, shell first. */
export const FRONT_END_WORKSPACES = [SHELL.workspace, ...REMOTES.map((remote) => remote.workspace)];

/** The remote whose workspace is `workspace` (for its rsbuild config). */
export function remoteOfWorkspace(workspace) {
  const remote = REMOTES.find((r) => r.workspace === workspace);
  if (!remote) throw new Error(`${workspace} is not in ${REMOTES_FILE}`);
  return remote;
}

/** The ports of the browser tests, as environment variables. */
export function e2eEnv() {
  return {
    PORT: String(SHELL.ports.e2e),
    API_PORT: String(API.ports.e2e),
    ...Object.fromEntries(REMOTES.map((remote) => [remote.portVariable, String(remote.ports.e2e)])),
  };
}
