const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  // typebox (the API's request schemas, built here) ships ESM only: compiled like our sources, so that a
  // test can check a form's rules against the schema the API validates with
  transform: { ...preset.transform, '^.+\\.mjs$': preset.transform['^.+\\.(t|j)sx?$'] },
  transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
};
