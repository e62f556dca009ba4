/** Ports of the suite under browser test (the remotes list's e2e ports): apart from `npm start`'s, so both can run at once. */
import { e2eEnv } from '../../deploy/remotes.mjs';

export const E2E_ENV = e2eEnv();
