/**
 * `npm run test:deploy`: the production setup here (deploy/test): two API instances against one
 * PostgreSQL and one Redis behind nginx. Needs nginx (Debian's nginx-light), PostgreSQL (DATABASE_URL,
 * by default postgres://postgres@127.0.0.1:5432/test) and Redis (REDIS_URL, by default
 * redis://127.0.0.1:6379). Ends with `N passed, N failed`.
 */
import path from 'node:path';
import { runNodeTests } from './node-tests.mjs';
import { ROOT } from './suite.mjs';

process.exit(runNodeTests({ cwd: ROOT, files: ['deploy/test/two-instances.test.mjs'], tapFile: path.join(ROOT, '.tmp', 'deploy.tap') }));
