/**
 * The theme carries the colour palettes the suite draws with, and no other: every palette a screen
 * names (in the shell, the kit or an area) is one of them, or it would render without its colours.
 */
import fs from 'node:fs';
import path from 'node:path';
import { COLOR_PALETTES, uiSystem } from '../src/ui/theme';

const ROOT = path.resolve(__dirname, '../..');
const SOURCE_TREES = ['shell/src', 'shared/src', ...fs.readdirSync(ROOT).filter((name) => name.startsWith('mf-')).map((name) => `${name}/src`)];
const CHAKRA_PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

it('has the tokens of the suite’s palettes and none of the others', () => {
  const system = uiSystem();
  for (const palette of COLOR_PALETTES) {
    expect(system.tokens.getVar(`colors.${palette}.600`)).toBe(`var(--chakra-colors-${palette}-600)`);
    expect(system.tokens.getVar(`colors.${palette}.solid`)).toBe(`var(--chakra-colors-${palette}-solid)`);
  }
  for (const palette of CHAKRA_PALETTES.filter((name) => !(COLOR_PALETTES as readonly string[]).includes(name))) {
    expect(system.tokens.getByName(`colors.${palette}.600`)).toBeUndefined();
  }
});

it('names no palette in the source trees that the theme leaves out', () => {
  const used = new Map<string, string[]>();
  // (the theme itself names the palettes it leaves out)
  const theme = path.join(ROOT, 'shared/src/ui/theme.ts');
  for (const file of SOURCE_TREES.flatMap((tree) => sourceFiles(path.join(ROOT, tree))).filter((file) => file !== theme)) {
    const text = fs.readFileSync(file, 'utf8');
    // any quoted palette name, alone ('red': a colorPalette, a map of statuses to palettes) or as a
    // token ('red.600', "red.solid")
    const names = [...text.matchAll(/["'`]([a-z]+)(?:\.[a-zA-Z0-9]+)?["'`]/g)].map((match) => match[1]).filter((name) => CHAKRA_PALETTES.includes(name));
    for (const name of names) used.set(name, [...(used.get(name) ?? []), path.relative(ROOT, file)]);
  }
  expect([...used.keys()].length).toBeGreaterThan(3);
  const missing = [...used].filter(([name]) => !(COLOR_PALETTES as readonly string[]).includes(name));
  expect(missing).toEqual([]);
});
