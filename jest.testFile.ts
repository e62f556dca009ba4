/** What the front-end test setups need to know of the test file they run before. */
import { readFileSync } from 'node:fs';

/**
 * Whether this test file renders React, that is imports Testing Library's renderer: only such a file needs
 * the downloads the setups run first (the UI kit, the lazy parts, the signed-out pages). A file of rules,
 * formats, schemas or API calls skips them, which spares it loading the whole UI kit (about a second).
 */
export function testFileRenders(): boolean {
  const { testPath } = expect.getState();
  return !testPath || /['"]@testing-library\/react['"]/.test(readFileSync(testPath, 'utf8'));
}
