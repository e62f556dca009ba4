/**
 * The Module Federation runtime of a remote's standalone page. A remote's build leaves the runtime out
 * (the shell provides its own to every remote it loads: one runtime on the page, not one per remote);
 * outside the shell this script, loaded before the page's own, provides it in the shell's place, under
 * the global name the remote's build reads it from.
 */
import * as runtimeCore from '@module-federation/runtime-core';

(globalThis as { _FEDERATION_RUNTIME_CORE?: typeof runtimeCore })._FEDERATION_RUNTIME_CORE = runtimeCore;
