/** API tests: node environment, TypeScript (and ESM-only dependencies) compiled by swc to CommonJS. */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j|mj|cj)s$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  // typebox, content-disposition and cookie (docs UI, inject) ship ESM only: compile them like our sources.
  // PGlite's CommonJS build loads node built-ins with dynamic import(), which jest's CommonJS runtime
  // cannot run without --experimental-vm-modules: compiling it turns those into require().
  transformIgnorePatterns: ['/node_modules/(?!(typebox|@electric-sql/pglite|content-disposition|cookie|set-cookie-parser)/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 60000,
  // The run's template database, migrated and seeded once; each test file's database is a copy of it.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Each test file opens its own database; two at a time keep memory and CPU reasonable (PGlite ~300 MB each).
  maxWorkers: 2,
};
