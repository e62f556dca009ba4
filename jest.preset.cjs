/** Shared jest settings for the front-end packages (shared, shell, remotes). */
const path = require('node:path');

module.exports = {
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.ts')],
  // stylesheets are the browser's: a module's CSS import is nothing under jsdom
  moduleNameMapper: { '\\.css$': path.join(__dirname, 'jest.styleStub.cjs') },
  testMatch: ['**/?(*.)test.ts?(x)'],
  // Form tests type into many fields under jsdom; on a busy two-core machine that can pass 5 s.
  testTimeout: 30_000,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

// typebox ships ESM only: the forms build their rules from the API's schemas, so it is compiled like our sources
module.exports.transform['^.+\\.mjs$'] = module.exports.transform['^.+\\.(t|j)sx?$'];
module.exports.transformIgnorePatterns = ['/node_modules/(?!typebox/)'];
