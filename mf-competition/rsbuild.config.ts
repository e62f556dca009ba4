import { defineConfig } from '@rsbuild/core';
import { defineRemoteConfig } from '@trungtam/shared/federation';

// Everything a remote's build needs comes from its entry in deploy/remotes.json.
export default defineConfig(defineRemoteConfig('competition', { title: 'Competition — standalone' }));
