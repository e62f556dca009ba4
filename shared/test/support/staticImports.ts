import fs from 'node:fs';
import path from 'node:path';

/**
 * The modules a module imports as it loads, followed from `entry` through its relative imports (and those
 * of this package's entry points, `@trungtam/shared/...`, when `intoSharedPackage`): for each, what it
 * imports from outside, type-only imports and `import()` left out (a download of its own).
 */
export function staticImports(entry: string, { intoSharedPackage = false }: { intoSharedPackage?: boolean } = {}): Map<string, string[]> {
  const sharedRoot = path.resolve(__dirname, '../..');
  const exportsMap = (JSON.parse(fs.readFileSync(path.join(sharedRoot, 'package.json'), 'utf8')) as { exports: Record<string, string> }).exports;
  const resolveFile = (base: string) =>
    ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((suffix) => base + suffix).find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
  const external = new Map<string, string[]>();
  const pending = [path.resolve(entry)];
  const seen = new Set<string>();
  const statement = /(?:^|\n)\s*(import|export)\s+(?:([\s\S]*?)\s+from\s+)?['"]([^'"]+)['"]/g;
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const imports: string[] = [];
    for (const [, keyword, clause = '', specifier] of fs.readFileSync(file, 'utf8').matchAll(statement)) {
      // (type-only: `import type`, `export type`, or every named specifier a type)
      if (/^type\s/.test(clause)) continue;
      const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
      if (named && named[1].split(',').every((part) => part.trim() === '' || /^type\s/.test(part.trim()))) continue;
      if (keyword === 'export' && !clause) continue;
      if (specifier.startsWith('.')) {
        const target = resolveFile(path.resolve(path.dirname(file), specifier));
        if (target && /\.tsx?$/.test(target)) pending.push(target);
        continue;
      }
      const ownEntry = specifier.startsWith('@trungtam/shared/') ? exportsMap[`./${specifier.slice('@trungtam/shared/'.length)}`] : undefined;
      if (ownEntry && intoSharedPackage && /\.tsx?$/.test(ownEntry)) pending.push(path.join(sharedRoot, ownEntry));
      else imports.push(specifier);
    }
    external.set(file, imports);
  }
  return external;
}
