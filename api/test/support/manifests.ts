/**
 * Module Federation manifests for the registry's tests: a shell's (a file, what SHELL_MANIFEST names)
 * and builds' (served over HTTP, as a remote's static origin serves them).
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FederationManifest } from '../../src/services/remote-releases';

type Shared = FederationManifest['shared'][number];
const singleton = (name: string, version: string, requiredVersion: string | false): Shared => ({ name, version, singleton: true, requiredVersion });

/** The libraries a shell provides, as its build's mf-manifest.json lists them. */
export const SHELL_LIBRARIES = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router': '7.18.5',
  '@trungtam/shared/ui': '1.0.0',
};

/** A build of `name` that requires exactly what this shell provides, with caret ranges. */
export function compatibleManifest(name: string, extra: Partial<Record<string, string>> = {}): FederationManifest {
  return {
    name,
    metaData: { name },
    shared: Object.entries({ ...SHELL_LIBRARIES, ...extra }).map(([library, version]) => singleton(library, version as string, `^${version}`)),
  };
}

/** Writes a shell manifest to a temporary file; returns its path (for the config's shellManifest). */
export function writeShellManifest(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shell-manifest-')), 'mf-manifest.json');
  fs.writeFileSync(file, JSON.stringify({ name: 'shell', metaData: { name: 'shell' }, shared: Object.entries(SHELL_LIBRARIES).map(([n, v]) => singleton(n, v, `^${v}`)) }));
  return file;
}

/**
 * A static origin of builds: `builds` maps a path ('/users/0.2.0/mf-manifest.json') to its manifest; any
 * other path under `/<area>/` answers a compatible build of that area (for callers that need a fresh
 * version each time); anything else is a 404.
 */
export async function serveBuilds(builds: Record<string, FederationManifest> = {}) {
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const manifest = builds[url] ?? (/^\/(\w+)\/[^/]+\/mf-manifest\.json$/.exec(url)?.[1] ? compatibleManifest(/^\/(\w+)\//.exec(url)![1]) : undefined);
    if (!manifest) {
      res.writeHead(404).end('Not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(manifest));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** The entry of `area`'s build `version` on this origin. */
    entry: (area: string, version: string) => `${origin}/${area}/${version}/mf-manifest.json`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
