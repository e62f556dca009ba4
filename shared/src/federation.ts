/**
 * The Module Federation `shared` settings of every remote, defined once, and what the shell provides
 * (the same modules: shell/src/remotes/providedShared.ts, at the versions providedSharedVersions reads).
 * Everything that holds React context or module state is a singleton, so that host and remotes run
 * one React, one router, one session store, one query client, one theme and one toaster.
 * Only the UI kit (`@trungtam/shared/ui/core`, `/ui/forms`) imports @chakra-ui/react: Chakra reaches the browser once, through it.
 * A library is shared here only when the apps' own code imports it: a shared library is provided whole,
 * while one used only inside the shared package's entry points (i18next and react-i18next by its i18n,
 * zustand by its session, @emotion/react by Chakra in its ui) travels inside them, tree-shaken, and is
 * still one instance, since each entry point is.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RsbuildConfig, RsbuildPlugin, Rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import sharedPackage from '../package.json' with { type: 'json' };
import remotesList from '../../deploy/remotes.json' with { type: 'json' };
import { sharedEntryPoints, sharedLibraries } from './sharedEntryPoints';
import { precompress } from '../../deploy/production/precompress.mjs';
import { CHAKRA_SYSTEM_MODULE, chakraGlobalStylesOnRead } from './chakraGlobalStyles';

const singleton = (requiredVersion: string) => ({ singleton: true as const, requiredVersion });

/** The range each shared library requires of the one the shell provides. */
const LIBRARY_RANGES: Record<(typeof sharedLibraries)[number], string> = {
  react: '^19.0.0',
  'react-dom': '^19.0.0',
  // (the router is shared as @trungtam/shared/router, the part of react-router the suite uses: see router.ts)
  '@tanstack/react-query': '^5.0.0',
  formik: sharedPackage.dependencies.formik,
  // Form schemas are written in the shell and in each remote: one copy on the wire.
  yup: sharedPackage.dependencies.yup,
};

/** The remotes' `shared`: the libraries and the shared package's entry points, each a singleton with the range it requires. */
export const federationShared: Record<string, { singleton: true; requiredVersion: string }> = {
  ...Object.fromEntries(sharedLibraries.map((name) => [name, singleton(LIBRARY_RANGES[name])])),
  // The shared package's entry points require its minor line or newer: a remote built against a newer
  // shared package than the shell provides is refused at release (the registry's compatibility gate),
  // and the shared package follows semver (a breaking change is a new major version).
  ...Object.fromEntries(sharedEntryPoints.map((name) => [name, singleton(`^${sharedPackage.version}`)])),
};

/** The version of each module the shell provides to the remotes, as installed beside the shell (`root`). */
export function providedSharedVersions(root: string): Record<string, string> {
  const require = createRequire(path.join(root, 'package.json'));
  return Object.fromEntries(
    Object.keys(federationShared).map((name) => [
      name,
      name.startsWith(`${sharedPackage.name}/`) ? sharedPackage.version : (require(`${name}/package.json`) as { version: string }).version,
    ]),
  );
}

/**
 * The shell's `mf-manifest.json`: the modules it provides to the remotes, with their versions, in the
 * shape of a Module Federation manifest. The registry's compatibility gate reads it (the API's
 * SHELL_MANIFEST) to check a released remote's requirements. The shell has no build plugin to write it:
 * it starts its runtime itself, when an area first opens (shell/src/remotes/federationHost.ts).
 */
export function pluginShellManifest(versions: Record<string, string>): RsbuildPlugin {
  return {
    name: 'trungtam:shell-manifest',
    setup(api) {
      api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
        const manifest = {
          id: 'shell',
          name: 'shell',
          metaData: { name: 'shell' },
          shared: Object.entries(versions).map(([name, version]) => ({ id: `shell:${name}`, name, version, singleton: true, requiredVersion: null })),
          remotes: [],
          exposes: [],
        };
        compilation.emitAsset('mf-manifest.json', new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    },
  };
}

/**
 * react-router's production build in production bundles. Its package.json sends every bundler to its
 * development build (remix-run/react-router#12532, #14102), with its development warnings on (and
 * 0.5 KB gzip larger in the shell). The shell and each remote's standalone page bundle the router (inside
 * @trungtam/shared/router).
 */
export function pluginReactRouterProduction(): RsbuildPlugin {
  return {
    name: 'trungtam:react-router-production',
    setup(api) {
      api.modifyBundlerChain((chain, { isProd }) => {
        if (!isProd) return;
        const require = createRequire(import.meta.url);
        const production = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
        chain.resolve.alias.set('react-router$', path.join(production, 'index.mjs')).set('react-router/dom$', path.join(production, 'dom-export.mjs'));
      });
    },
  };
}

/**
 * Writes a brotli and a gzip copy beside each text file of a production build, once, at the highest
 * levels: the static servers (deploy/static-server.mjs, nginx's brotli_static/gzip_static) send them as
 * they are instead of the files themselves or compressing on every request.
 */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'trungtam:precompress',
    setup(api) {
      api.onAfterBuild(({ stats }) => {
        if (stats?.hasErrors()) return;
        precompress(api.context.distPath);
      });
    },
  };
}

/** V8's explicit compile hint for a whole file: compile every function of it as the file is compiled. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Starts each script of a production build with V8's compile hint (COMPILE_HINT, Chromium 136 and
 * later; other engines read a comment). Without it, V8 compiles a function when it is first called, on
 * the page's main thread: the module factories, components and hooks a page runs as it starts, so most
 * of what a script holds, each compiled in the middle of the task that runs it. With it, the whole file
 * is compiled as it downloads, on a background thread where the browser streams it. Each script the
 * suite downloads is a piece of a page's start or of what it preloads to run, so every one is hinted.
 * Added after minification (which drops comments) and before the files' content hashes are computed.
 */
export function pluginCompileHints(): RsbuildPlugin {
  return {
    name: 'trungtam:compile-hints',
    setup(api) {
      api.processAssets({ stage: 'dev-tooling' }, ({ compilation, sources }) => {
        if (compilation.options.mode !== 'production') return;
        for (const asset of compilation.getAssets()) {
          if (!asset.name.endsWith('.js')) continue;
          compilation.updateAsset(asset.name, new sources.ConcatSource(COMPILE_HINT, asset.source));
        }
      });
    },
  };
}

/** Applies chakraGlobalStylesOnRead to every browser build of the suite (the shell's and each remote's). */
export function pluginChakraGlobalStylesOnRead(): RsbuildPlugin {
  return {
    name: 'trungtam:chakra-global-styles-on-read',
    setup(api) {
      api.transform({ test: CHAKRA_SYSTEM_MODULE }, ({ code }) => chakraGlobalStylesOnRead(code));
    },
  };
}

type Compilation = Rspack.Compilation;

/**
 * The script files a start of the app downloads, found in the build's chunk graph: the chunks of the
 * entry module's own dynamic imports (its steps: bootstrap, UI kit, routes), with the chunks split out
 * of them. Lazily loaded pages and components are not among them: their imports are not followed.
 */
export function startupScripts(compilation: Compilation, entryResource: string): string[] {
  const { chunkGraph } = compilation;
  const entry = [...compilation.modules].find((module) => 'resource' in module && module.resource === entryResource);
  if (!entry) throw new Error(`startupScripts: ${entryResource} is not in the build`);
  const files = new Set<string>();
  for (const block of entry.blocks) {
    for (const chunk of chunkGraph.getBlockChunkGroup(block)?.chunks ?? []) {
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
    }
  }
  return [...files].sort();
}

/**
 * Adds a `<link rel="preload">` to the page for each script its start downloads (startupScripts).
 * Without them the browser learns of those scripts in waves, one round trip each (the entry, then each
 * step it imports in turn): about a second on a slow phone network. With them, all start downloading
 * beside the entry.
 */
export function pluginPreloadStartup({ entry }: { entry: string }): RsbuildPlugin {
  return {
    name: 'trungtam:preload-startup',
    setup(api) {
      api.modifyHTMLTags((tags, { compilation, assetPrefix }) => {
        const entryResource = path.resolve(api.context.rootPath, entry);
        // the largest first: a phone's browser opens six connections to the page's origin, and the
        // longest download (React's) should not wait for one to free up
        const size = (file: string) => compilation.getAsset(file)?.source.size() ?? 0;
        const files = startupScripts(compilation, entryResource).sort((a, b) => size(b) - size(a));
        const preloads = files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'script', href: `${assetPrefix.replace(/\/$/, '')}/${file}` },
        }));
        // the entry first of all: a deferred script is fetched at low priority, after every preload, and
        // it is the entry that starts the session check and the signed-in part's downloads
        const headTags = tags.headTags.map((tag) =>
          tag.tag === 'script' && typeof tag.attrs?.src === 'string' ? { ...tag, attrs: { ...tag.attrs, fetchpriority: 'high' } } : tag,
        );
        return { ...tags, headTags: [...headTags, ...preloads] };
      });
    },
  };
}

/** Where each build writes its chunk graph (pluginChunkGraph), by its build folder: .tmp/chunk-graphs/shell/dist/web.json. */
export const CHUNK_GRAPH_DIR = fileURLToPath(new URL('../../.tmp/chunk-graphs/', import.meta.url));

/**
 * Writes the build's chunk graph beside the repository's other generated files (CHUNK_GRAPH_DIR, not
 * into the build: it is not served): the script files of each entry point; for each dynamic `import()`
 * the module that asks and the module it loads, with the script files its download fetches; and the
 * files that hold each of the workspace's own modules.
 * The bundle budgets (scripts/bundle-budgets.mjs) add up what a page downloads from it.
 */
export function pluginChunkGraph(): RsbuildPlugin {
  return {
    name: 'trungtam:chunk-graph',
    setup(api) {
      api.processAssets({ stage: 'report' }, ({ compilation, environment }) => {
        if (compilation.options.mode !== 'production') return;
        const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
        const relative = (resource: string) => path.relative(root, resource).split(path.sep).join('/');
        const scripts = (chunks: Iterable<Rspack.Chunk>) => [...new Set([...chunks].flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js'))))].sort();
        const entrypoints = Object.fromEntries([...compilation.entrypoints].map(([name, entry]) => [name, scripts(entry.chunks)]));
        // (a module concatenated with others is found as their concatenation, named by its first module)
        const resourceOf = (module: Rspack.Module | null | undefined): string | undefined => {
          const found = module as { resource?: unknown; rootModule?: Rspack.Module } | null | undefined;
          if (typeof found?.resource === 'string') return relative(found.resource);
          return found?.rootModule ? resourceOf(found.rootModule) : undefined;
        };
        // (`from` is null for a module of no file: a remote's container, whose imports are its exposed modules)
        const imports = new Map<string, { from: string | null; to: string; files: string[] }>();
        for (const module of compilation.modules) {
          const from = resourceOf(module) ?? null;
          for (const block of module.blocks) {
            const group = compilation.chunkGraph.getBlockChunkGroup(block);
            const to = block.dependencies.map((dependency) => resourceOf(compilation.moduleGraph.getModule(dependency))).find(Boolean);
            if (!group || !to) continue;
            const found = { from, to, files: scripts(group.chunks) };
            imports.set(JSON.stringify(found), found);
          }
        }
        // the workspace's own modules, each with the script files that hold it (inside a concatenation too)
        const workspace = `${relative(api.context.rootPath)}/`;
        const modules: Record<string, string[]> = {};
        for (const module of compilation.modules) {
          const inner = (module as { modules?: Rspack.Module[] }).modules ?? [module];
          const files = scripts(compilation.chunkGraph.getModuleChunksIterable(module));
          for (const resource of inner.map(resourceOf)) {
            if (resource?.startsWith(workspace)) modules[resource] = [...new Set([...(modules[resource] ?? []), ...files])].sort();
          }
        }
        const sorted = [...imports.values()].sort((a, b) => (a.from ?? '').localeCompare(b.from ?? '') || a.to.localeCompare(b.to));
        // (by the build's folder: a release's build into its staging folder leaves dist's graph alone)
        const folder = path.join(CHUNK_GRAPH_DIR, relative(environment.distPath));
        mkdirSync(folder, { recursive: true });
        writeFileSync(path.join(folder, `${environment.name}.json`), `${JSON.stringify({ entrypoints, imports: sorted, modules }, null, 1)}\n`);
      });
    },
  };
}

/** Development and `npm start` ports of each part, from the remotes list (overridable through the environment). */
export const DEFAULT_PORTS: Record<string, number> & { shell: number; api: number } = {
  shell: remotesList.shell.ports.dev,
  api: remotesList.api.ports.dev,
  ...Object.fromEntries(remotesList.remotes.map((remote) => [remote.name, remote.ports.dev])),
};

/** The script that provides the Module Federation runtime to a remote's standalone page (federationRuntimeGlobal.ts). */
const STANDALONE_RUNTIME_FILE = 'federation-runtime.js';
const STANDALONE_RUNTIME_ENTRY = fileURLToPath(new URL('./federationRuntimeGlobal.ts', import.meta.url));

/**
 * The rsbuild config of a remote, from its entry in the remotes list: React, Module Federation with the
 * shared singletons, `./Area` exposed, a manifest, its own origin for its chunks, and its dev port.
 * A remote's rsbuild.config.ts is `export default defineRemoteConfig('users')`.
 */
export function defineRemoteConfig(name: string, { title = `${name} — standalone` }: { title?: string } = {}): RsbuildConfig {
  const remote = remotesList.remotes.find((r) => r.name === name);
  if (!remote) throw new Error(`${name} is not in deploy/remotes.json`);
  const port = Number(process.env.PORT) || remote.ports.dev;
  const apiUrl = process.env.PUBLIC_API_URL || `http://localhost:${DEFAULT_PORTS.api}/api/v1`;
  // The shell (another origin) loads the manifest, the entry and the chunks of this remote.
  const corsHeaders = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' };
  return {
    plugins: [
      pluginReact(),
      pluginModuleFederation(
        {
          name,
          filename: 'remoteEntry.js',
          exposes: { './Area': './src/Area.tsx' },
          shared: federationShared,
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          // The shell provides its runtime core to the remotes (shell/src/remotes/federationHost.ts): a
          // remote's entry does not bring a second one (about 17 KB gzip less on each area's first page).
          experiments: { externalRuntime: true },
        },
        { environment: 'web' },
      ),
      pluginReactRouterProduction(),
      pluginChakraGlobalStylesOnRead(),
      pluginCompileHints(),
      pluginPrecompress(),
      pluginChunkGraph(),
    ],
    environments: {
      // Its chunks load with CORS from another origin (crossOriginLoading), as the shell's runtime loads its
      // entry: the page then sees the errors the area's code throws, which the shell's health reports
      // attribute to the area (a script loaded without CORS from another origin reports "Script error.").
      web: {
        source: { entry: { index: './src/index.ts' } },
        html: { title, crossorigin: 'anonymous', tags: [{ tag: 'script', attrs: { src: STANDALONE_RUNTIME_FILE }, head: true, append: false }] },
      },
      // The standalone page's runtime, built apart from the remote (without Module Federation, whose
      // runtime it is), under a fixed name the page's HTML names.
      'standalone-runtime': {
        source: { entry: { [STANDALONE_RUNTIME_FILE.replace(/\.js$/, '')]: STANDALONE_RUNTIME_ENTRY } },
        output: { filename: { js: '[name].js' }, distPath: { js: '' } },
        performance: { chunkSplit: { strategy: 'all-in-one' } },
        tools: { htmlPlugin: false },
      },
    },
    source: {
      define: {
        // Only the standalone entry reads these; inside the shell the shell configures the API client.
        'process.env.PUBLIC_API_URL': JSON.stringify(apiUrl),
        'process.env.PUBLIC_OPERATOR_TIME_ZONE': JSON.stringify(process.env.PUBLIC_OPERATOR_TIME_ZONE || ''),
        // the federation runtime's glue in remoteEntry.js built for browsers only, as the shell's (its
        // Node.js code paths, which load a remote's scripts through the vm module, left out)
        ENV_TARGET: JSON.stringify('web'),
        // this area's screen file by route path (areaScreens): its Area does not download the whole registry
        AREA_SCREEN_FILES: JSON.stringify(Object.fromEntries(remote.routes.map((route) => [route.path, route.screen]))),
      },
    },
    server: { port, strictPort: true, headers: corsHeaders, cors: { origin: '*' }, historyApiFallback: true },
    output: {
      // Required for a remote: its chunks load from its own origin, not from the host's.
      assetPrefix: 'auto',
      // `npm run release` builds into a staging folder beside the immutable version folders.
      distPath: { root: process.env.BUILD_DIST_DIR || 'dist' },
      // No inline script and no data: image or font, as the pages' Content-Security-Policy requires.
      inlineScripts: false,
      dataUriLimit: 0,
    },
  };
}
