/** The shell's remote loader, bound to the Module Federation runtime of the page. */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRemoteLoader } from './loader';
import { remoteErrorPlugin } from './runtime-plugin';

let pluginRegistered = false;

export const remoteLoader = createRemoteLoader({
  registerRemotes(remotes, options) {
    if (!pluginRegistered) {
      registerPlugins([remoteErrorPlugin()]);
      pluginRegistered = true;
    }
    registerRemotes(remotes, options);
  },
  loadRemote: (id) => loadRemote(id),
});
