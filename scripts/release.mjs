/**
 * `npm run release -- <area> [--version X.Y.Z] [--origin URL] [--api URL]`: releases one remote area on
 * its own. Builds that remote only (the shell and the other areas are untouched) into its immutable
 * folder `<workspace>/releases/<version>/`, which the remote's static origin serves at
 * `/<version>/` with long-lived caching, then registers the build with the API's registry, which runs the
 * compatibility gate. Who gets the new build is then decided on the Areas screen (a candidate with its
 * rollout, promote, roll back).
 *
 * - `<area>`: a remote's name (`users`) or its workspace (`mf-users`), as in deploy/remotes.json.
 * - `--version`: default, the workspace's package.json version. A version is released once: the same
 *   files again register again harmlessly; other files under a released version are refused.
 * - `--origin`: the remote's public origin (RELEASE_ORIGIN; default http://localhost:<its port>).
 * - `--api`: the API (RELEASE_API_URL, else PUBLIC_API_URL; default the local API).
 * - Credentials of an account with System ManageAreas: RELEASE_TOKEN, or RELEASE_EMAIL and
 *   RELEASE_PASSWORD; without them, the demo administrator of a local run.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API, REMOTES, ROOT } from '../deploy/remotes.mjs';
import { RELEASE_VERSION_PATTERN } from '../shared/src/contracts/remotes.ts';

const DEMO_ADMIN = { email: 'admin@trungtam.vn', password: 'matkhau123' };

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

/** Every file under `dir` with the SHA-256 of its content, by relative path. */
function digestOf(dir) {
  const files = {};
  const walk = (sub) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const relative = path.join(sub, entry.name);
      if (entry.isDirectory()) walk(relative);
      else files[relative] = createHash('sha256').update(readFileSync(path.join(dir, relative))).digest('hex');
    }
  };
  walk('');
  return JSON.stringify(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}

async function accessToken(apiUrl) {
  if (process.env.RELEASE_TOKEN) return process.env.RELEASE_TOKEN;
  const given = process.env.RELEASE_EMAIL && process.env.RELEASE_PASSWORD;
  const credentials = given ? { email: process.env.RELEASE_EMAIL, password: process.env.RELEASE_PASSWORD } : DEMO_ADMIN;
  if (!given) console.log(`  signing in as the demo administrator (${DEMO_ADMIN.email}); set RELEASE_TOKEN or RELEASE_EMAIL and RELEASE_PASSWORD elsewhere`);
  const response = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`sign-in refused (${response.status}): ${body.error?.message ?? ''}`);
  return body.data.auth.accessToken;
}

export async function release(argv = process.argv.slice(2), env = process.env) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { version: { type: 'string' }, origin: { type: 'string' }, api: { type: 'string' } },
  });
  const [name] = positionals;
  const remote = REMOTES.find((r) => r.name === name || r.workspace === name);
  if (!remote) fail(`name an area: ${REMOTES.map((r) => r.name).join(', ')} (got ${name ?? 'nothing'})`);
  const version = values.version ?? remote.version;
  if (!new RegExp(RELEASE_VERSION_PATTERN).test(version)) fail(`"${version}" is not a version X.Y.Z`);
  const port = Number(env[remote.portVariable] ?? remote.ports.dev);
  const origin = (values.origin ?? env.RELEASE_ORIGIN ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const apiUrl = (values.api ?? env.RELEASE_API_URL ?? env.PUBLIC_API_URL ?? `http://localhost:${API.ports.dev}/api/v1`).replace(/\/+$/, '');
  const entry = `${origin}/${version}/mf-manifest.json`;

  const releases = path.join(ROOT, remote.workspace, 'releases');
  const target = path.join(releases, version);
  const staging = path.join(releases, `.staging-${version}-${process.pid}`);
  mkdirSync(releases, { recursive: true });

  console.log(`Building ${remote.workspace} ${version}…`);
  const built = spawnSync('npm', ['run', 'build', '-w', remote.workspace], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, BUILD_DIST_DIR: path.relative(path.join(ROOT, remote.workspace), staging), PUBLIC_API_URL: env.PUBLIC_API_URL ?? apiUrl },
  });
  if (built.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    process.stderr.write(built.stdout + built.stderr);
    fail(`building ${remote.workspace} failed`);
  }

  let createdNow = false;
  if (existsSync(target)) {
    const same = digestOf(target) === digestOf(staging);
    rmSync(staging, { recursive: true, force: true });
    if (!same) fail(`${remote.name} ${version} is already released with other files: release them as a new version (--version)`);
    console.log(`  ${remote.name} ${version} is already built with these very files (${path.relative(ROOT, target)})`);
  } else {
    renameSync(staging, target);
    createdNow = true;
    console.log(`  built into ${path.relative(ROOT, target)}`);
  }

  console.log(`Registering ${entry} with ${apiUrl}…`);
  let response;
  let body;
  try {
    const token = await accessToken(apiUrl);
    response = await fetch(`${apiUrl}/system/remote/release`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ area: remote.name, version, entry }),
    });
    body = await response.json().catch(() => ({}));
  } catch (error) {
    fail(`the build is in ${path.relative(ROOT, target)}, but registering it failed: ${error.message}. Run the same command again to register it.`);
  }
  if (!response.ok) {
    // A build the registry refused was never served to anyone: it leaves no version behind.
    if (createdNow && response.status >= 400 && response.status < 500) rmSync(target, { recursive: true, force: true });
    fail(`the registry refused ${remote.name} ${version} (${response.status}): ${body.error?.message ?? JSON.stringify(body)}`);
  }
  const area = body.data;
  console.log(`Released ${remote.name} ${version}: ${entry}
  stable: ${area.stable.version}${area.candidate ? `, candidate: ${area.candidate.version}` : ''}
  Nobody gets it yet: choose who does on the Areas screen (/settings/areas), or PUT /system/remote/rollout.`);
  return { area, entry, version };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  release().catch((error) => fail(error.message));
}
