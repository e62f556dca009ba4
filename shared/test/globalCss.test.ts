/**
 * The design system's global stylesheet ships as a file built ahead (src/ui/global.css): it must be
 * what Chakra's provider would insert for the theme, or pages would lose their reset, their global
 * styles or a token's variable. A change to the theme or to Chakra fails here until the file is
 * written again: `npm run global-css -w shared`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { globalCssText } from '../src/ui/globalCssText';
import { uiSystem } from '../src/ui/theme';

const file = path.join(__dirname, '../src/ui/global.css');

it('ships the global stylesheet of the current theme', () => {
  expect(fs.readFileSync(file, 'utf8')).toBe(globalCssText(uiSystem()));
});

it('holds the reset, the global styles and the variables of the tokens, light and dark', () => {
  const css = fs.readFileSync(file, 'utf8');
  expect(css).toContain('@layer reset,base,tokens,recipes;');
  expect(css).toMatch(/@layer reset\{/);
  expect(css).toContain('--chakra-colors-blue-600:');
  expect(css).toContain('--chakra-colors-bg-subtle:');
  // the dark colour mode's values of the semantic tokens
  expect(css).toMatch(/\.dark,[^{]*\{[^}]*--chakra-colors-bg:/);
  // the product's own global styles and font
  expect(css).toContain('html,body{background:var(--chakra-colors-bg-subtle);');
  expect(css).toContain('--chakra-fonts-body:Inter,"Segoe UI"');
});

it("gives every element no custom property but the three global ones, and its selection none", () => {
  const css = fs.readFileSync(file, 'utf8');
  // a custom property in a rule every element matches is recomputed for each element by every style
  // pass; in a ::selection rule, it makes the browser compute each element's selection style apart
  const declarations = (selector: string) =>
    [...css.matchAll(new RegExp(`(?:^|[}{\\s])${selector.replace(/[*:]/g, '\\$&')}\\{([^}]*)\\}`, 'g'))].map((rule) => rule[1]).join('');
  const universal = declarations('*');
  expect(universal).toContain('font-feature-settings:"cv11"');
  expect(universal.match(/--[\w-]+(?=:)/g)).toEqual(['--global-font-mono', '--global-font-body', '--global-color-border']);
  const selection = declarations('*::selection');
  expect(selection).toContain('background-color:color-mix(in srgb, var(--chakra-colors-color-palette-emphasized) 80%, transparent)');
  expect(selection).not.toMatch(/--[\w-]+:/);
});
