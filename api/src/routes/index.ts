/**
 * Every route plugin of the API, found by convention rather than listed: each module of routes/ (an area's
 * hand-written routes) and of resources/ (resource factory declarations) default-exports its route plugin,
 * or a list of them (product-catalogue.ts declares four), and app.ts registers them all under /api/v1. A new
 * resource is its declaration file and nothing else.
 *
 * Sub-folders are not scanned: a declaration that another plugin registers itself lives in one
 * (resources/competition/: the competition routes register them inside the examinee import's multipart
 * parser).
 *
 * The order is routes/ then resources/, each by file name. No plugin depends on another being registered
 * before it: each is encapsulated (none is wrapped by fastify-plugin, so none adds a hook, a decorator or a
 * parser to its siblings), so the order sets only the OpenAPI document's. A module whose default export is
 * not a plugin stops the start, naming its file.
 *
 * The modules are read once, with the `import()` tsx (the server) and jest (the tests) both resolve; the
 * API runs from its sources, so the folders are there at run time.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export type RoutePlugin = FastifyPluginAsyncTypebox;

const SOURCE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders (under api/src) whose modules are route plugins, in the order they register. */
export const ROUTE_FOLDERS = ['routes', 'resources'] as const;

/** The route modules of `root`'s `folder`: its TypeScript files, by name, but the index (this file). */
function routeModuleFiles(root: string, folder: string): string[] {
  const dir = path.join(root, folder);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && entry.name !== 'index.ts')
    .map((entry) => path.join(dir, entry.name))
    .sort();
}

const isPlugin = (value: unknown): value is RoutePlugin => typeof value === 'function';

/**
 * The route plugins of the modules of `root`'s `folders`, in order; throws, naming the file, on a module
 * whose default export is not a plugin or a non-empty list of them.
 */
export async function loadRoutePlugins(root: string, folders: readonly string[]): Promise<RoutePlugin[]> {
  const plugins: RoutePlugin[] = [];
  for (const folder of folders) {
    for (const file of routeModuleFiles(root, folder)) {
      const exported = ((await import(file)) as { default?: unknown }).default;
      const found = Array.isArray(exported) ? exported : [exported];
      if (found.length === 0 || !found.every(isPlugin)) {
        throw new Error(`${path.relative(root, file)}: a module of ${folders.join('/ or ')}/ default-exports its route plugin, or a list of them`);
      }
      plugins.push(...found);
    }
  }
  return plugins;
}

let loaded: Promise<RoutePlugin[]> | undefined;

/** Every route plugin of the API, in registration order (read once per process). */
export function routePlugins(): Promise<RoutePlugin[]> {
  loaded ??= loadRoutePlugins(SOURCE_ROOT, ROUTE_FOLDERS);
  return loaded;
}
