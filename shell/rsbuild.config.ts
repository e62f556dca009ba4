import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type RsbuildPlugin, type Rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import {
  DEFAULT_PORTS,
  pluginChakraGlobalStylesOnRead,
  pluginChunkGraph,
  pluginCompileHints,
  pluginPrecompress,
  pluginPreloadStartup,
  pluginReactRouterProduction,
  pluginShellManifest,
  providedSharedVersions,
} from '@trungtam/shared/federation';

const { publicVars } = loadEnv({ prefixes: ['PUBLIC_'] });
const DEFAULT_API_URL = `http://localhost:${DEFAULT_PORTS.api}/api/v1`;
const apiUrl = process.env.PUBLIC_API_URL || DEFAULT_API_URL;
/** The version of each library and shared entry point the shell provides to the remotes. */
const providedVersions = providedSharedVersions(fileURLToPath(new URL('.', import.meta.url)));

/**
 * The downloads of a start, named in the code (webpackChunkName): "start" (the entry's two steps,
 * src/index.ts), "signed-in" (the signed-in frame and the dashboard, startup/earlySignedInPart.ts) and
 * "ui-kit" (the kit's provider with the pages that use it, startup/kitPart.tsx: every start but the
 * dashboard's).
 */
const STARTUP_CHUNKS = ['index', 'start', 'signed-in', 'ui-kit'];

/**
 * Everything the download named `name` (webpackChunkName) needs beyond what the start loaded, in that
 * one file: apart, each piece it shares with another download became a file of its own, a round trip.
 */
function oneFileDownload(name: string): Rspack.OptimizationSplitChunksCacheGroup {
  return {
    name,
    chunks: (chunk) => chunk.name === name,
    test: (module, { chunkGraph }) =>
      ![...chunkGraph.getModuleChunksIterable(module)].some((chunk) => STARTUP_CHUNKS.includes(chunk.name ?? '')),
    priority: 20,
    enforce: true,
  };
}

/**
 * What an area's list screen takes from the shell (the "area-kit" download, remotes/providedShared.ts)
 * kept in that one file. Left to the default splitting, every piece it shares with a download the page
 * may never make (the whole UI kit, the form kit, the lookups) became a file of its own: six files where
 * one does, each a round trip on a phone's six connections while the area's first screen waits. Those
 * other downloads keep a copy of what they share with it. What the start already loaded is not copied.
 */
const AREA_KIT_GROUP = oneFileDownload('area-kit');

/**
 * The federation runtime with the shell's start of it (remotes/federationHost.ts) in one file, "federation":
 * apart, the runtime's code was a file of its own and the start a second one of 2 KB, each a round trip
 * before an area's first screen.
 */
const FEDERATION_GROUP = oneFileDownload('federation');

/**
 * The kit's tag styles (shared/src/ui/tag.css) in one file of their own. Too small to be split off by
 * default, they rode in every download holding a copy of the kit's components (the area kit, a form's
 * code…), and a list page downloading one of those ahead added the same rules to the page again, which
 * restyled the whole page: a task of about 100 ms on a phone. One file is added to the page once.
 */
const KIT_TAG_STYLES_GROUP: Rspack.OptimizationSplitChunksCacheGroup = {
  name: 'kit-tag',
  test: /[\\/]shared[\\/]src[\\/]ui[\\/]tag\.css$/,
  chunks: 'all',
  priority: 30,
  enforce: true,
};

/**
 * Fails the build when a download named above is missing from it (an import renamed or removed): the
 * area kit would then silently take a copy of what the start loads.
 */
const pluginRequireNamedChunks = (names: string[]): RsbuildPlugin => ({
  name: 'trungtam:require-named-chunks',
  setup(api) {
    api.onAfterBuild(({ stats }) => {
      const built = new Set(stats?.toJson({ all: false, chunks: true }).chunks?.flatMap((chunk) => chunk.names ?? []));
      const missing = names.filter((name) => !built.has(name));
      if (stats && missing.length) throw new Error(`The build has no download named ${missing.join(', ')} (rsbuild.config.ts)`);
    });
  },
});

export default defineConfig({
  plugins: [
    pluginReact(),
    // The shell's Module Federation runtime starts when an area first opens (src/remotes/federationHost.ts):
    // no build plugin, so that the sign-in page and the dashboard download and run none of it. The
    // registry's compatibility gate reads what the shell provides from this manifest.
    pluginShellManifest(providedVersions),
    pluginPreloadStartup({ entry: './src/index.ts' }),
    pluginReactRouterProduction(),
    pluginChakraGlobalStylesOnRead(),
    pluginCompileHints(),
    pluginPrecompress(),
    // (what each page downloads, for the bundle budgets: scripts/bundle-budgets.mjs)
    pluginChunkGraph(),
    pluginRequireNamedChunks([...STARTUP_CHUNKS, 'area-kit', 'federation']),
  ],
  source: {
    entry: { index: './src/index.ts' },
    define: {
      ...publicVars,
      'process.env.PUBLIC_API_URL': JSON.stringify(apiUrl),
      // The operator's time zone, as the API's OPERATOR_TIME_ZONE (empty: Asia/Ho_Chi_Minh).
      'process.env.PUBLIC_OPERATOR_TIME_ZONE': JSON.stringify(process.env.PUBLIC_OPERATOR_TIME_ZONE || ''),
      // the versions src/remotes/federationHost.ts provides the shared modules at
      'process.env.PROVIDED_SHARED_VERSIONS': JSON.stringify(JSON.stringify(providedVersions)),
      // the federation runtime built for browsers only (without its Node.js code paths)
      ENV_TARGET: JSON.stringify('web'),
    },
  },
  html: {
    // the start-up splash, painted before any script runs (startup/splash.css)
    template: './src/index.html',
    title: 'Trung tâm — Back office',
    meta: { description: 'Back office của trung tâm', viewport: 'width=device-width, initial-scale=1' },
    favicon: './src/assets/favicon.svg',
    // the connection to the API (its own origin) opens while the scripts download: every page's first
    // call, a returning user's from the entry (earlySignedInPart.ts). The calls send no credentials.
    tags: [{ tag: 'link', attrs: { rel: 'preconnect', href: new URL(apiUrl).origin, crossorigin: 'anonymous' }, head: true, append: false }],
  },
  server: {
    port: Number(process.env.PORT) || DEFAULT_PORTS.shell,
    strictPort: true,
    historyApiFallback: true,
  },
  performance: {
    chunkSplit: {
      strategy: 'split-by-experience',
      // The date library in a file of its own: two shared entry points use it (format and operatorDate),
      // and each of their downloads carried a copy (the dashboard's two).
      forceSplitting: { dayjs: /node_modules[\\/]dayjs[\\/]dayjs\.min\.js$/ },
      override: { cacheGroups: { federation: FEDERATION_GROUP, areaKit: AREA_KIT_GROUP, kitTagStyles: KIT_TAG_STYLES_GROUP } },
    },
  },
  output: {
    distPath: { root: 'dist' },
    // The pages' Content-Security-Policy (deploy/static-server.mjs) allows no inline script and no
    // data: image or font: every script and asset stays a file of its own.
    inlineScripts: false,
    dataUriLimit: 0,
  },
});
