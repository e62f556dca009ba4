/**
 * Every front-end entry point of this package (see package.json "exports"), each shared through Module
 * Federation as its own singleton (federation.ts). The shell provides each one
 * (shell/src/remotes/providedShared.ts), so that no remote's copy serves the others.
 * Kept apart from federation.ts, which loads the build tools, so that tests can read it.
 */
import sharedPackage from '../package.json' with { type: 'json' };

/**
 * Not shared: the build config, the federation runtime's global (the shell's own and the standalone
 * pages'), the test support, the default roles (the seed's, which the tests sign in with), the route
 * registry (the API's and the standalone entries': the shell gets the routes in the manifest), the API's
 * record schemas (front ends take only their types), the style sheets (CSS, which a build takes into
 * its own styles), and the contracts that are constants only (the bank list, the texts of payments, bank
 * statements and the revenue report, the area health's limits and texts, the insights' period rules): a screen that uses one takes its own copy, and every area's entry
 * stays free of their share entries.
 */
const NOT_SHARED = new Set([
  './federation',
  './federationRuntimeGlobal',
  './testing',
  './defaultRoles',
  './routes',
  './contracts/banks',
  './contracts/payments',
  './contracts/bankStatements',
  './contracts/revenue',
  './contracts/familyMessages',
  './contracts/telemetry',
  './contracts/insights',
]);

export const sharedEntryPoints = Object.keys(sharedPackage.exports)
  .filter((key) => !NOT_SHARED.has(key) && !key.startsWith('./schemas/') && !key.endsWith('.css'))
  .map((key) => `@trungtam/shared${key.slice(1)}`);

/** The libraries the apps' own code imports that hold React context or module state, shared as singletons beside the entry points (federation.ts). */
export const sharedLibraries = ['react', 'react-dom', '@tanstack/react-query', 'formik', 'yup'] as const;
