const path = require('node:path');

const preset = require('../jest.preset.cjs');
const preact = path.dirname(require.resolve('preact/package.json'));

module.exports = {
  ...preset,
  // FullCalendar renders with preact, whose browser build (the one jsdom resolves) is ES modules only:
  // the tests load its CommonJS build instead.
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^preact$': path.join(preact, 'dist/preact.js'),
    '^preact/(compat|hooks)$': path.join(preact, '$1/dist/$1.js'),
  },
};
