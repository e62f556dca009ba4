/**
 * The browser builds' change to Chakra's createSystem (chakraGlobalStylesOnRead, applied by federation.ts): the
 * system's global styles are computed when read, not while the system is created, and are the same.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { SystemContext } from '@chakra-ui/react';
import { chakraGlobalStylesOnRead } from '../src/chakraGlobalStyles';
import { uiSystem } from '../src/ui/theme';

const require = createRequire(__filename);
/** The file the browser builds bundle (ESM), and its CommonJS twin, which a test can evaluate. */
const ESM_SYSTEM = require.resolve('@chakra-ui/react').replace(/dist[\\/]cjs[\\/].*$/, 'dist/esm/styled-system/system.js');
const CJS_SYSTEM = require.resolve('@chakra-ui/react').replace(/dist[\\/]cjs[\\/].*$/, 'dist/cjs/styled-system/system.cjs');

/** Chakra's createSystem from its CommonJS build, changed as the browser builds change the ESM one. */
function changedCreateSystem(): (...configs: unknown[]) => SystemContext {
  const code = chakraGlobalStylesOnRead(fs.readFileSync(CJS_SYSTEM, 'utf8'));
  const module = { exports: {} as { createSystem: (...configs: unknown[]) => SystemContext } };
  new Function('exports', 'require', 'module', code)(module.exports, createRequire(CJS_SYSTEM), module);
  return module.exports.createSystem;
}

describe("Chakra's global styles computed on read", () => {
  it('applies to the installed Chakra build the browser bundles', () => {
    const changed = chakraGlobalStylesOnRead(fs.readFileSync(ESM_SYSTEM, 'utf8'));
    expect(changed).not.toContain('const _global = [');
    expect(changed).toContain('get _global()');
  });

  it('creates the system without its global styles, and gives the same styles when they are read', () => {
    const system = changedCreateSystem()(uiSystem()._config);
    const global = Object.getOwnPropertyDescriptor(system, '_global');
    expect(global?.get).toBeInstanceOf(Function);
    expect(system._global).toEqual(uiSystem()._global);
    // computed once
    expect(system._global).toBe(system._global);
  });

  it('refuses a createSystem it was not written for, so that a Chakra upgrade fails the build', () => {
    expect(() => chakraGlobalStylesOnRead('function createSystem() { return { _global: [] }; }')).toThrow(/createSystem changed/);
  });
});
