const path = require('node:path');

const preact = path.dirname(require.resolve('preact/package.json'));

module.exports = {
  ...require('../jest.preset.cjs'),
  // FullCalendar renders with preact, whose browser build (the one jsdom resolves) is ES modules only:
  // the tests load its CommonJS build instead.
  moduleNameMapper: {
    '^preact$': path.join(preact, 'dist/preact.js'),
    '^preact/(compat|hooks)$': path.join(preact, '$1/dist/$1.js'),
  },
};
