/** `npm run lint`: ESLint over the repository (eslint.config.mjs); ends with `N passed, N failed` (one check). */
import { spawnSync } from 'node:child_process';
import { ROOT } from './suite.mjs';

const result = spawnSync('npx', ['eslint', '--max-warnings=0', '.'], { cwd: ROOT, stdio: 'inherit' });
const ok = result.status === 0;
console.log(ok ? 'lint: no problems' : 'lint: problems found (see above)');
console.log(`\n${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
process.exit(ok ? 0 : 1);
