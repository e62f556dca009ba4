/**
 * A list screen's first render downloads none of Chakra's components nor its theme: the kit's list parts
 * (ui/list.ts) and the resource kit import, as they load, no module of @chakra-ui/react but its provider
 * (the styled system's module) and the toaster's store (toaster.tsx: `createToaster`, no component), and
 * none of the kit's entry points that do (ui, ui/core, ui/base, ui/forms).
 */
import fs from 'node:fs';
import path from 'node:path';
import { staticImports } from './support/staticImports';

/** What may import @chakra-ui/react: the toaster, for its store (the toasts' view downloads with the first toast). */
const ALLOWED = ['src/ui/toaster.tsx'];
const CHAKRA_ENTRY_POINTS = ['@trungtam/shared/ui', '@trungtam/shared/ui/core', '@trungtam/shared/ui/base', '@trungtam/shared/ui/forms'];

function chakraImports(entry: string) {
  const found: string[] = [];
  for (const [file, imports] of staticImports(path.join(__dirname, '..', entry), { intoSharedPackage: true })) {
    if (ALLOWED.includes(path.relative(path.join(__dirname, '..'), file))) continue;
    for (const specifier of imports) {
      const isChakra = specifier.startsWith('@chakra-ui/') && specifier !== '@chakra-ui/react/styled-system';
      if (isChakra || CHAKRA_ENTRY_POINTS.includes(specifier)) found.push(`${path.relative(path.join(__dirname, '..'), file)} → ${specifier}`);
    }
  }
  return found;
}

it("the kit's list parts take no Chakra component as they load", () => {
  expect(chakraImports('src/ui/list.ts')).toEqual([]);
});

it('the resource kit takes no Chakra component as it loads', () => {
  expect(chakraImports('src/resource/index.ts')).toEqual([]);
});

it('the kit itself does (the check sees an import of Chakra)', () => {
  expect(chakraImports('src/ui/core.ts')).toContain('src/ui/core.ts → @chakra-ui/react');
});

/**
 * The design system is created from the theme, which a page whose first screen is plain elements has not
 * loaded: every module of the kit that renders Chakra's styled components loads it first (theme.ts hands
 * the system to the provider as it loads), so that none renders before it is there.
 */
it("every module of the kit built with Chakra's components loads the theme", () => {
  const uiFolder = path.join(__dirname, '../src/ui');
  const missing: string[] = [];
  for (const name of fs.readdirSync(uiFolder).filter((file) => /\.tsx?$/.test(file))) {
    // (the theme itself; the toaster takes the toasts' store only; the deferred components load it with their code)
    if (['theme.ts', 'toaster.tsx', 'deferred.tsx'].includes(name)) continue;
    const imports = staticImports(path.join(uiFolder, name)).get(path.join(uiFolder, name)) ?? [];
    const usesComponents = imports.some((specifier) => specifier === '@chakra-ui/react' || (specifier.startsWith('@chakra-ui/react/') && !/\/(styled-system|theme)$/.test(specifier)));
    const source = fs.readFileSync(path.join(uiFolder, name), 'utf8');
    if (usesComponents && !/^import '\.\/theme';$|^import \{[^}]*\} from '\.\/theme';$/m.test(source)) missing.push(name);
  }
  expect(missing).toEqual([]);
});
