/**
 * The API's route plugins are found, not listed: each module of routes/ and resources/ default-exports its
 * plugin (or a list of them) and is registered, in folder then file-name order; a sub-folder is left to the
 * plugin that registers it; a module that exports no plugin stops the start, naming its file.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { loadRoutePlugins } from '../src/routes';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'route-plugins-'));
  for (const folder of ['routes', 'resources', 'resources/nested']) mkdirSync(path.join(root, folder));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, body: string) => writeFileSync(path.join(root, file), body);
/** A plugin answering GET `url`, as source text. */
const answering = (url: string) => `async (app) => { app.get('${url}', async () => ({ from: '${url}' })); }`;

async function servedUrls(): Promise<string[]> {
  const app = Fastify();
  for (const plugin of await loadRoutePlugins(root, ['routes', 'resources'])) await app.register(plugin);
  await app.ready();
  const urls: string[] = [];
  for (const url of ['/a', '/b', '/c1', '/c2', '/index', '/nested']) if ((await app.inject({ url })).statusCode === 200) urls.push(url);
  await app.close();
  return urls;
}

describe('route plugins by convention', () => {
  it('registers every module of the folders, each plugin of a list, and neither the index nor a sub-folder', async () => {
    write('routes/b.ts', `export default ${answering('/b')};\nexport const helper = 1;\n`);
    write('routes/index.ts', `export default ${answering('/index')};\n`);
    write('resources/a.ts', `export default ${answering('/a')};\n`);
    write('resources/c.ts', `export default [${answering('/c1')}, ${answering('/c2')}];\n`);
    write('resources/nested/d.ts', `export default ${answering('/nested')};\n`);
    expect(await servedUrls()).toEqual(['/a', '/b', '/c1', '/c2']);
  });

  it('registers routes/ before resources/, each folder by file name', async () => {
    write('routes/z.ts', 'export default async () => {};\n');
    write('routes/m.ts', 'export default async () => {};\n');
    write('resources/a.ts', 'export default async () => {};\n');
    const plugins = await loadRoutePlugins(root, ['routes', 'resources']);
    const order = await Promise.all(['routes/m.ts', 'routes/z.ts', 'resources/a.ts'].map(async (file) => (await import(path.join(root, file))).default));
    expect(plugins).toEqual(order);
  });

  it.each([
    ['no default export', 'export const declaration = async () => {};\n'],
    ['a default export that is not a plugin', 'export default { name: "x" };\n'],
    ['an empty list', 'export default [];\n'],
  ])('stops the start on a module with %s, naming the file', async (_case, body) => {
    write('resources/a.ts', `export default ${answering('/a')};\n`);
    write('resources/broken.ts', body);
    await expect(loadRoutePlugins(root, ['routes', 'resources'])).rejects.toThrow(
      'resources/broken.ts: a module of routes/ or resources/ default-exports its route plugin, or a list of them',
    );
  });
});
