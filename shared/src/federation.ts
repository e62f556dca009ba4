/**
 * The Module Federation `shared` settings of every app (the shell and each remote), defined once.
 * Everything that holds React context or module state is a singleton, so that host and remotes run
 * one React, one router, one session store, one query client, one theme and one toaster.
 * Only `@trungtam/shared/ui` imports @chakra-ui/react: Chakra reaches the browser once, through it.
 */
import sharedPackage from '../package.json' with { type: 'json' };

const singleton = (requiredVersion: string | false) => ({ singleton: true as const, requiredVersion });

/** Every entry point of this package (see package.json "exports"), shared as its own singleton. */
const sharedEntryPoints = Object.keys(sharedPackage.exports)
  .filter((key) => key !== './federation')
  .map((key) => `@trungtam/shared${key.slice(1)}`);

export const federationShared: Record<string, { singleton: true; requiredVersion: string | false }> = {
  react: singleton('^19.0.0'),
  'react-dom': singleton('^19.0.0'),
  'react-router': singleton('^7.0.0'),
  'react-router-dom': singleton('^7.0.0'),
  zustand: singleton('^5.0.0'),
  '@emotion/react': singleton('^11.0.0'),
  '@tanstack/react-query': singleton('^5.0.0'),
  i18next: singleton(sharedPackage.dependencies.i18next),
  'react-i18next': singleton(sharedPackage.dependencies['react-i18next']),
  formik: singleton(sharedPackage.dependencies.formik),
  // Form schemas are written in the shell and in each remote: one copy on the wire.
  yup: singleton(sharedPackage.dependencies.yup),
  ...Object.fromEntries(sharedEntryPoints.map((name) => [name, singleton(false)])),
};

/** Development and `npm start` ports of each part (overridable through the environment). */
export const DEFAULT_PORTS = {
  shell: 3000,
  users: 3001,
  api: 3100,
} as const;
