/** `npm run build`: builds the shell and every remote of the remotes list (deploy/remotes.json). */
import { buildAll, suiteSettings } from './suite.mjs';

buildAll(suiteSettings());
