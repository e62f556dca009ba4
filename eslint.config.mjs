/**
 * Lint: the import boundaries the architecture relies on, and the rules of hooks.
 * - Only `shared/` imports @chakra-ui/react (the one UI kit on the wire).
 * - The shell takes the kit in its parts (`@trungtam/shared/ui/base` for its frame, `/ui/core` and
 *   `/ui/forms` in the pages it downloads apart), not whole: its first screens download no form code.
 * - A remote imports neither another remote nor the shell; the shell imports no remote: they meet in
 *   `shared/` and at run time through Module Federation.
 * - `shared/` imports no app.
 * - The API imports nothing that needs React or a browser.
 */
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const APPS = ['@trungtam/shell', '@trungtam/shell/*', '@trungtam/mf-*', '**/shell/src/**', '**/mf-*/src/**'];
const chakraOnlyInShared = { group: ['@chakra-ui/*'], message: 'Only shared/ imports Chakra UI: take UI from @trungtam/shared/ui.' };

const restrict = (patterns, paths = []) => ['error', { patterns, paths }];
const wholeKitNotInShell = {
  name: '@trungtam/shared/ui',
  message: 'The shell imports @trungtam/shared/ui/base, and @trungtam/shared/ui/core or /ui/forms in a page downloaded apart: the whole kit would put the form library on every page.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '.tmp/**', 'api/drizzle/**'] },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
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
