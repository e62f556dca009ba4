/**
 * Which libraries a test's modules import, for the tests of what a page downloads:
 *
 *   import { mockRecordImport, recordedImports } from '../../jest.recordImports';
 *   jest.mock('formik', () => mockRecordImport('formik'));
 *   … await import('../src/Area'); expect(recordedImports).toEqual([]);
 *
 * (A `jest.mock` call stays in the test file, where jest hoists it above the imports; its factory runs
 * when a module first requires the library, and records it under `as`.)
 */
export const recordedImports: string[] = [];

export function mockRecordImport<T extends object>(name: string, as: string = name): T {
  recordedImports.push(as);
  return jest.requireActual<T>(name);
}
