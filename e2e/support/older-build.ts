/**
 * A remote built from an older commit of this repository, as the team that owns it may still have it
 * released while the shell and the shared package have moved on. The commit's tree is extracted beside
 * the other build output (`.tmp/version-skew/<commit>`), given today's installed dependencies (and, apart,
 * those of its lock file that today's no longer has), and its remote built with its own config and its own
 * `shared/` folder: the old release is exactly what that commit would have shipped, built with today's
 * toolchain. The build is kept there, so later runs reuse it.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/suite.mjs';

/** The workspace packages' scope: those links must point into the old tree, never at today's folders. */
const WORKSPACE_SCOPE = '@trungtam';

export interface OlderBuild {
  /** The remote's build output (`dist`) of that commit. */
  dir: string;
  /** Its Module Federation manifest, as built. */
  manifest: FederationManifest;
}

/** The parts of a Module Federation manifest the browser tests read. */
export interface FederationManifest {
  metaData: { name: string; buildInfo: { buildVersion: string; buildName: string } };
  shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
  exposes: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

function run(command: string, args: string[], options: SpawnSyncOptions & { what: string }) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`${options.what} failed (exit ${result.status}):\n${String(result.stderr ?? '')}${String(result.stdout ?? '')}`.trim());
  }
  return String(result.stdout ?? '');
}

/** The full name of `commit`, or a clear error when this clone does not hold it (a shallow clone, say). */
function resolveCommit(commit: string): string {
  const found = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`], { cwd: ROOT, encoding: 'utf8' });
  if (found.status !== 0) {
    throw new Error(
      `Commit ${commit} is not in this clone, so its release cannot be built. ` +
        'Fetch the whole history (git fetch --unshallow, or a clone without --depth) and run the test again.',
    );
  }
  return found.stdout.trim();
}

/**
 * The tree's node_modules: a link to each of today's installed packages (a scope's packages one by one, so
 * that a scope folder is the tree's own), except the workspace packages, which link to the old tree's own
 * folders (the old remote is built against the old shared package).
 */
function linkDependencies(tree: string) {
  const modules = path.join(tree, 'node_modules');
  mkdirSync(path.join(modules, WORKSPACE_SCOPE), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === WORKSPACE_SCOPE) continue;
    if (!entry.startsWith('@')) {
      symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
      continue;
    }
    mkdirSync(path.join(modules, entry), { recursive: true });
    for (const name of readdirSync(path.join(ROOT, 'node_modules', entry))) {
      symlinkSync(path.join(ROOT, 'node_modules', entry, name), path.join(modules, entry, name));
    }
  }
  for (const folder of readdirSync(tree)) {
    const manifest = path.join(tree, folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
    if (name?.startsWith(`${WORKSPACE_SCOPE}/`)) symlinkSync(path.join(tree, folder), path.join(modules, name));
  }
}

interface LockFile {
  packages: Record<string, { version?: string; link?: boolean; optional?: boolean }>;
}

/**
 * The packages the old commit's lock file installs at the top level that today's install no longer has
 * (a library the suite has dropped since, such as the HTTP client the shared package once used): installed
 * apart, at the locked versions, and linked into the tree. Platform-specific optional packages are left out.
 */
function installDroppedDependencies(tree: string) {
  const modules = path.join(tree, 'node_modules');
  const lock = JSON.parse(readFileSync(path.join(tree, 'package-lock.json'), 'utf8')) as LockFile;
  const dropped = Object.entries(lock.packages)
    .filter(([key, entry]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(key) && entry.version && !entry.link && !entry.optional)
    .map(([key, entry]) => `${key.slice('node_modules/'.length)}@${entry.version}`)
    .filter((spec) => !existsSync(path.join(modules, spec.slice(0, spec.lastIndexOf('@')))));
  if (dropped.length === 0) return;
  const apart = path.join(tree, '.dropped-dependencies');
  mkdirSync(apart, { recursive: true });
  writeFileSync(path.join(apart, 'package.json'), JSON.stringify({ private: true }));
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', ...dropped], {
    cwd: apart,
    what: `Installing ${dropped.join(', ')}`,
  });
  const installed = path.join(apart, 'node_modules');
  const names = readdirSync(installed)
    .filter((entry) => !entry.startsWith('.'))
    .flatMap((entry) => (entry.startsWith('@') ? readdirSync(path.join(installed, entry)).map((name) => `${entry}/${name}`) : [entry]));
  for (const name of names) {
    if (existsSync(path.join(modules, name))) continue;
    mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    symlinkSync(path.join(installed, name), path.join(modules, name));
  }
}

/**
 * Builds `workspace` (a remote) as of `commit` for the API at `apiUrl`, or reuses the build a previous run
 * made of the same commit for the same API.
 */
export function buildRemoteAt(commit: string, workspace: string, apiUrl: string): OlderBuild {
  const sha = resolveCommit(commit);
  const tree = path.join(ROOT, '.tmp', 'version-skew', sha);
  const dir = path.join(tree, workspace, 'dist');
  const stampFile = path.join(tree, `${workspace}.build.json`);
  const stamp = JSON.stringify({ commit: sha, workspace, apiUrl });
  const manifestFile = path.join(dir, 'mf-manifest.json');

  const built = existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(manifestFile);
  if (!built) {
    rmSync(tree, { recursive: true, force: true });
    mkdirSync(tree, { recursive: true });
    const archive = `${tree}.tar`;
    run('git', ['archive', '--format=tar', `--output=${archive}`, sha], { cwd: ROOT, what: `Extracting ${sha}` });
    run('tar', ['-xf', archive, '-C', tree], { what: `Unpacking ${sha}` });
    rmSync(archive);
    if (!existsSync(path.join(tree, workspace, 'package.json'))) throw new Error(`${workspace} does not exist at ${sha}`);
    linkDependencies(tree);
    installDroppedDependencies(tree);
    // The old commit's own build script and config; PUBLIC_API_URL is what every build of the suite takes.
    run('npm', ['run', 'build'], {
      cwd: path.join(tree, workspace),
      env: { ...process.env, PUBLIC_API_URL: apiUrl },
      what: `Building ${workspace} at ${sha}`,
    });
    writeFileSync(stampFile, stamp);
  }
  return { dir, manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as FederationManifest };
}
