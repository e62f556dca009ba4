/**
 * Every front-end entry point of this package (see package.json "exports"), each shared through Module
 * Federation as its own singleton (federation.ts). The shell provides each one
 * (shell/src/remotes/providedShared.ts), so that no remote's copy serves the others.
 * Kept apart from federation.ts, which loads the build tools, so that tests can read it.
 */
import sharedPackage from '../package.json' with { type: 'json' };

// (the build config, the test support and the API's record schemas are not front-end code: front ends take only their types)
export const sharedEntryPoints = Object.keys(sharedPackage.exports)
  .filter((key) => key !== './federation' && key !== './testing' && !key.startsWith('./schemas/'))
  .map((key) => `@trungtam/shared${key.slice(1)}`);
