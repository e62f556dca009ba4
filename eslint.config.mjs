/**
 * Lint: the import boundaries the architecture relies on, and the rules of hooks.
 * - Only `shared/` imports @chakra-ui/react (the one UI kit on the wire).
 * - The shell takes the kit in its parts (`@trungtam/shared/ui/base` for its frame, `/ui/core` and
 *   `/ui/forms` in the pages it downloads apart), not whole: its first screens download no form code.
 * - A remote imports neither another remote nor the shell; the shell imports no remote: they meet in
 *   `shared/` and at run time through Module Federation.
 * - `shared/` imports no app.
 * - The API imports nothing that needs React or a browser.
 * - No import cycles (import-x/no-cycle), type-only imports counted: a type that goes back up is a module
 *   that knows its importer. The one way back allowed is a lazy `import()` of the parent (a part that
 *   downloads apart).
 */
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const APPS = ['@trungtam/shell', '@trungtam/shell/*', '@trungtam/mf-*', '**/shell/src/**', '**/mf-*/src/**'];
const chakraOnlyInShared = { group: ['@chakra-ui/*'], message: 'Only shared/ imports Chakra UI: take UI from @trungtam/shared/ui.' };

const restrict = (patterns, paths = []) => ['error', { patterns, paths }];
const wholeKitNotInShell = {
  name: '@trungtam/shared/ui',
  message: 'The shell imports @trungtam/shared/ui/base, and @trungtam/shared/ui/core or /ui/forms in a page downloaded apart: the whole kit would put the form library on every page.',
};

/** Marks `import type` / `export type … from` (and their inline `type` specifiers) as value imports, below `node`. */
function countTypeImports(node) {
  if (Array.isArray(node)) return node.forEach(countTypeImports);
  if (!node || typeof node !== 'object') return;
  if (node.importKind === 'type' || node.importKind === 'typeof') node.importKind = 'value';
  if (node.exportKind === 'type' && (node.source || node.type === 'ExportSpecifier')) node.exportKind = 'value';
  if (node.specifiers) countTypeImports(node.specifiers);
}

/**
 * typescript-eslint's parser, with type-only imports and re-exports marked as value ones: import-x/no-cycle
 * skips type-only imports (TypeScript erases them), and a cycle of types is still a cycle of the design.
 * import-x parses the imported modules with the same parser, so it follows them too. No rule here tells a
 * type import from a value one; one that must would need this parser off for its files.
 */
const parserCountingTypeImports = {
  meta: { name: 'typescript-eslint-parser-counting-type-imports' },
  parseForESLint(code, options) {
    const result = tseslint.parser.parseForESLint(code, options);
    result.ast.body.filter((statement) => statement.source).forEach(countTypeImports);
    return result;
  },
};

/**
 * No import cycle, type-only imports counted (a lazy `import()` back to its parent is allowed). Packages
 * under node_modules are not followed: they cannot import this repository's files, so no cycle runs
 * through them, and following them was nine tenths of the lint's time. The workspaces' own packages
 * (`@trungtam/shared/...`) resolve to their sources and are followed.
 */
const noCycle = ['error', { allowUnsafeDynamicCyclicDependency: true, ignoreExternal: true }];

/**
 * The API's layers, each importing only the layers below it (as bulletproof-react's zones):
 *   app.ts, server.ts, types.ts   the composition: builds the app, registers every route plugin
 *   routes/, resources/          route plugins: an area's routes, or a resource factory declaration
 *   plugins/                     Fastify plugins every route goes through (auth, errors, text input)
 *   services/                    the business operations
 *   factory/                     the resource factory and its steps (validate, authorise, scope, transaction, audit)
 *   access/                      the access policies (which rows, which values) and the references' reach
 *   db/                          the database: client, schema, seed, database-bound helpers
 *   lib/, schemas/, config.ts    leaf helpers, the API's own schemas, the configuration
 * A route plugin imports no other (routes/index.ts registers every module of routes/ and resources/;
 * the competition area's routes register its resources, resources/competition/, within the import's
 * multipart parser).
 */
const API = './api/src';
const apiPaths = (...names) => names.map((name) => `${API}/${name}`);
const COMPOSITION = apiPaths('app.ts', 'server.ts', 'types.ts');
const ROUTE_LAYER = apiPaths('routes', 'resources');
const layerZone = (layer, above) => ({ target: `${API}/${layer}`, from: above, message: `${layer}/ imports no layer above it (eslint.config.mjs lists the API's layers).` });
const apiLayers = [
  layerZone('plugins', [...COMPOSITION, ...ROUTE_LAYER]),
  layerZone('services', [...COMPOSITION.slice(0, 2), ...ROUTE_LAYER, ...apiPaths('plugins')]),
  layerZone('factory', [...COMPOSITION, ...ROUTE_LAYER, ...apiPaths('plugins', 'services')]),
  layerZone('access', [...COMPOSITION, ...ROUTE_LAYER, ...apiPaths('plugins', 'services', 'factory')]),
  layerZone('db', [...COMPOSITION, ...ROUTE_LAYER, ...apiPaths('plugins', 'services', 'factory', 'access')]),
  layerZone('lib', [...COMPOSITION, ...ROUTE_LAYER, ...apiPaths('plugins', 'services', 'factory', 'access', 'db')]),
  layerZone('schemas', [...COMPOSITION, ...ROUTE_LAYER, ...apiPaths('plugins', 'services', 'factory', 'access', 'db', 'lib')]),
  {
    target: `${API}/routes/!(index).ts`,
    from: `${API}/routes`,
    message: 'A route plugin imports no other: share through a service or the factory (routes/index.ts registers them all).',
  },
  {
    target: `${API}/routes/!(index|competition).ts`,
    from: `${API}/resources`,
    message: 'A route plugin imports no other: routes/index.ts registers the resource declarations.',
  },
  { target: `${API}/resources`, from: ROUTE_LAYER.map((folder) => `${folder}/*.ts`), message: 'A resource declaration imports no other route plugin.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '.tmp/**', 'api/drizzle/**'] },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    languageOptions: { parser: parserCountingTypeImports, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': noCycle,
    },
  },
  {
    files: ['api/src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiLayers }] },
  },
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        [chakraOnlyInShared, { group: ['@trungtam/mf-*', '**/mf-*/src/**'], message: 'The shell loads remotes at run time only.' }],
        [wholeKitNotInShell],
      ),
    },
  },
  {
    files: ['mf-*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([chakraOnlyInShared, { group: APPS, message: 'A remote imports no other remote and not the shell: share through @trungtam/shared.' }]) },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([{ group: [...APPS, '@trungtam/api', '**/api/src/**'], message: 'shared/ imports no app.' }]) },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: [
            'react',
            'react-dom',
            'react-dom/*',
            'react-router*',
            '@chakra-ui/*',
            '@tanstack/react-query',
            'zustand',
            '@trungtam/shared/ui',
            '@trungtam/shared/ui/*',
            '@trungtam/shared/resource',
            '@trungtam/shared/icons',
            '@trungtam/shared/session',
            '@trungtam/shared/api',
            '@trungtam/shared/i18n',
            '@trungtam/shared/query',
            '@trungtam/shared/forms',
            ...APPS,
          ],
          message: 'The API imports nothing that needs React or a browser.',
        },
      ]),
    },
  },
);
