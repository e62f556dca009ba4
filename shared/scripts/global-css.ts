/** Writes src/ui/global.css, the design system's global stylesheet (src/ui/globalCssText.ts), from the theme. */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { globalCssText } from '../src/ui/globalCssText';
import { uiSystem } from '../src/ui/theme';

const file = fileURLToPath(new URL('../src/ui/global.css', import.meta.url));
fs.writeFileSync(file, globalCssText(uiSystem()));
console.log(`wrote ${file}`);
