/**
 * Runs the whole suite locally as it is deployed: the API, the shell and each remote on its own
 * origin. Used by `npm start` and by the browser tests.
 */
import { spawn, spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, REMOTES, SHELL } from '../deploy/remotes.mjs';
import { pageContentSecurityPolicy, serveStatic } from '../deploy/static-server.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export { REMOTES };

/** Ports and folders from the environment, with the defaults of the remotes list (deploy/remotes.json). */
export function suiteSettings(env = process.env) {
  const port = Number(env.PORT ?? SHELL.ports.dev);
  const apiPort = Number(env.API_PORT ?? API.ports.dev);
  return {
    port,
    apiPort,
    remotes: REMOTES.map((remote) => ({
      ...remote,
      port: Number(env[remote.portVariable] ?? remote.ports.dev),
    })),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(ROOT, '.data')),
    apiUrl: env.PUBLIC_API_URL ?? `http://localhost:${apiPort}/api/v1`,
    appUrl: `http://localhost:${port}`,
  };
}

/** Builds one workspace (the shell or a remote) for the given API URL. Throws when the build fails. */
export function buildWorkspace(workspace, settings, { quiet = false } = {}) {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: ROOT,
    stdio: quiet ? 'pipe' : 'inherit',
    env: { ...process.env, PUBLIC_API_URL: settings.apiUrl },
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(result.stdout + result.stderr);
    throw new Error(`Building ${workspace} failed`);
  }
}

/** Builds the shell and every remote for the given API URL. Throws when a build fails. */
export function buildAll(settings, { quiet = false } = {}) {
  for (const workspace of [SHELL.workspace, ...settings.remotes.map((r) => r.workspace)]) {
    buildWorkspace(workspace, settings, { quiet });
  }
}

/**
 * Whether the module of `moduleUrl` (its `import.meta.url`) is the script node was started with, rather
 * than imported by another script: the scripts that other scripts reuse run their command only then.
 */
export function isMainScript(moduleUrl) {
  return Boolean(process.argv[1]) && fileURLToPath(moduleUrl) === realpathSync(path.resolve(process.argv[1]));
}

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The API did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/** Where the API's registry points the shell for a remote: its build, served on its own port. */
const remoteEntry = (remote) => `http://localhost:${remote.port}/mf-manifest.json`;
const originOf = (url) => new URL(url).origin;
/** The origins the remotes' builds are served from. */
const remoteOrigins = (settings) => settings.remotes.map((remote) => originOf(remoteEntry(remote)));

/** Starts the API in its own process and resolves once it answers its health check. */
export async function startApi(settings, { quiet = false, env = {} } = {}) {
  const remoteEntries = Object.fromEntries(
    settings.remotes.map((r) => [`REMOTE_${r.name.toUpperCase()}_ENTRY`, remoteEntry(r)]),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(ROOT, 'api'),
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: {
      ...process.env,
      ...remoteEntries,
      // the release call may fetch builds from the local remotes' origins (loopback, refused otherwise)
      RELEASE_ALLOWED_ORIGINS: remoteOrigins(settings).join(','),
      API_PORT: String(settings.apiPort),
      DATA_DIR: settings.dataDir,
      PUBLIC_APP_URL: settings.appUrl,
      ...env,
    },
  });
  if (quiet) {
    let log = '';
    child.stdout.on('data', (chunk) => (log = (log + chunk).slice(-20_000)));
    child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-20_000)));
    child.log = () => log;
  }
  try {
    await waitForHealth(`http://127.0.0.1:${settings.apiPort}/health`, child);
  } catch (error) {
    child.kill();
    if (quiet) process.stderr.write(child.log());
    throw error;
  }
  return child;
}

/**
 * Serves the built shell (with the single-page fallback) and each built remote. The shell's policy lets
 * it run code from the remotes' origins and call the API and the remotes' manifests; a remote answers
 * CORS to the shell's origin only, and its standalone page may call the API.
 */
export async function serveFrontEnds(settings) {
  const origins = remoteOrigins(settings);
  const shell = await serveStatic({
    dir: path.join(ROOT, SHELL.workspace, 'dist'),
    port: settings.port,
    spa: true,
    contentSecurityPolicy: pageContentSecurityPolicy({
      scriptOrigins: origins,
      connectOrigins: [originOf(settings.apiUrl), ...origins],
    }),
  });
  const remotes = {};
  for (const remote of settings.remotes) remotes[remote.name] = await serveRemote(settings, remote);
  return { shell, remotes };
}

/**
 * Serves one built remote on its port (also to start it again after a stop); `dir` serves another build
 * of it in place of its workspace's (an older release, say).
 */
export function serveRemote(settings, remote, { dir = path.join(ROOT, remote.workspace, 'dist') } = {}) {
  return serveStatic({
    dir,
    releasesDir: path.join(ROOT, remote.workspace, 'releases'),
    port: remote.port,
    contentSecurityPolicy: pageContentSecurityPolicy({ connectOrigins: [originOf(settings.apiUrl)] }),
    corsOrigins: [originOf(settings.appUrl)],
  });
}
