import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** The suite's one theme: Chakra's defaults with the product's brand colour and font. */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.subtle', color: 'fg', fontSize: 'sm' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif' },
        body: { value: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif' },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
