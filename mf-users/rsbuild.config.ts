import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { DEFAULT_PORTS, federationShared } from '@trungtam/shared/federation';

const DEFAULT_API_URL = `http://localhost:${DEFAULT_PORTS.api}/api/v1`;
const port = Number(process.env.PORT) || DEFAULT_PORTS.users;
// The shell (another origin) loads the manifest, the entry and the chunks of this remote.
const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'users',
      filename: 'remoteEntry.js',
      exposes: { './Area': './src/Area.tsx' },
      shared: federationShared,
      manifest: { fileName: 'mf-manifest.json' },
      dts: false,
    }),
  ],
  source: {
    entry: { index: './src/index.ts' },
    define: {
      // Only the standalone entry reads it; inside the shell the shell configures the API client.
      'process.env.PUBLIC_API_URL': JSON.stringify(process.env.PUBLIC_API_URL || DEFAULT_API_URL),
      // The operator's time zone, as the API's OPERATOR_TIME_ZONE (empty: Asia/Ho_Chi_Minh).
      'process.env.PUBLIC_OPERATOR_TIME_ZONE': JSON.stringify(process.env.PUBLIC_OPERATOR_TIME_ZONE || ''),
    },
  },
  html: {
    title: 'Users — standalone',
  },
  server: {
    port,
    strictPort: true,
    headers: corsHeaders,
    cors: { origin: '*' },
    historyApiFallback: true,
  },
  output: {
    // Required for a remote: its chunks load from its own origin, not from the host's.
    assetPrefix: 'auto',
    distPath: { root: 'dist' },
  },
});
