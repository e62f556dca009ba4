/**
 * The suite's one theme: Chakra's tokens with the product's font, and the recipes of only the
 * components the UI kit (./index.ts) re-exports. Chakra's `defaultConfig` carries every recipe
 * of every component (about half of Chakra's weight on the wire); the suite uses a fraction.
 * The system starts with the recipes of the kit's base (base.ts), what the shell's first pages draw;
 * the parts that download later bring theirs and add them (registerRecipes): the kit's core its
 * inputs' (coreRecipes.ts), the deferred components theirs (deferredRecipes.ts). When the kit gains a
 * component, add its recipe to the list of the module that exports it, or it renders unstyled.
 *
 * The system is created on first use (uiSystem), not when this module is evaluated: creating it is the
 * largest single piece of a start-up's script work (on a phone-speed CPU about 145 ms, about 90 ms since
 * its global styles are computed only when read: chakraGlobalStyles.ts). The provider creates it when
 * the first styled component renders (provider.tsx), so a page drawn with plain elements creates none.
 */
import { provideSystem } from './systemProvider';
import { createSystem, defaultBaseConfig, defineConfig, type SystemConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  iconRecipe,
  keyframes,
  layerStyles,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * The colour palettes the suite draws with (`colorPalette="…"`, `blue.600`…). Chakra's others (yellow,
 * cyan, pink) are left out of the tokens: every palette costs the system's creation its tokens and
 * semantic tokens, and each page's root style their CSS variables. A palette added here is available
 * to every area at once; one used without being listed renders without its colours.
 */
export const COLOR_PALETTES = ['gray', 'red', 'orange', 'green', 'teal', 'blue', 'purple'] as const;
const CHAKRA_PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'];

/** `colors` without the palettes the suite does not use (other colour tokens kept: black, white, the alphas…). */
function withUsedPalettes<T extends Record<string, unknown>>(colors: T): T {
  return Object.fromEntries(
    Object.entries(colors).filter(([name]) => !CHAKRA_PALETTES.includes(name) || (COLOR_PALETTES as readonly string[]).includes(name)),
  ) as T;
}

/**
 * Chakra's global styles without the custom properties its `*` rule gives every element for the
 * `filter="auto"`, `backdropFilter="auto"` and `ring` utilities, which the suite does not use (nor do the
 * recipes of its theme): 23 properties on every element of a page, recomputed by each style pass (a list
 * of 50 rows is about 1,600 elements). The rule keeps its font feature and the three global properties.
 */
const UTILITY_VARIABLE = /^--(ring-|backdrop-|brightness$|contrast$|grayscale$|hue-rotate$|invert$|saturate$|sepia$|drop-shadow$)/;
const suiteGlobalCss = {
  ...globalCss,
  '*': Object.fromEntries(Object.entries(globalCss?.['*'] ?? {}).filter(([property]) => !UTILITY_VARIABLE.test(property))),
  // Chakra's selection colour (the palette's emphasized at 80 %) as one plain declaration: its `bg`
  // utility declares two custom properties as well, and a custom property in a ::selection rule makes
  // the browser compute every element's selection style with variables of its own, about a third of each
  // style pass. (A kebab-case property passes through Chakra's utilities as written.)
  '*::selection': { 'background-color': `color-mix(in srgb, var(--${cssVarsPrefix}-colors-color-palette-emphasized) 80%, transparent)` },
};

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: suiteGlobalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withUsedPalettes(tokens.colors ?? {}) },
    semanticTokens: { ...semanticTokens, colors: withUsedPalettes(semanticTokens.colors ?? {}) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

const productTheme = defineConfig({
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

/**
 * The suite's system, as `uiSystem()` last returned it: unset until the first call. Kept for the areas
 * built before `uiSystem` (none reads it but through its provider); use `uiSystem()`.
 */
export let system: SystemContext | undefined;

/** The suite's one Chakra system, created on the first call. */
export function uiSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, chakraTheme, productTheme);
  return system;
}
// (the kit's provider creates it through this, when first read: systemProvider.tsx)
provideSystem(uiSystem);

type ThemeRecipes = Pick<NonNullable<SystemConfig['theme']>, 'recipes' | 'slotRecipes'>;

/**
 * Adds the recipes of components that download after the system was planned (the kit's core, the
 * deferred components) to the suite's system: to its config while it is not created yet, else to the
 * created system's theme, from which Chakra reads a component's recipe the first time one renders.
 * The module that exports a component registers its recipe before the component can render.
 */
export function registerRecipes({ recipes = {}, slotRecipes = {} }: ThemeRecipes): void {
  for (const theme of [chakraTheme.theme, system?._config.theme]) {
    if (!theme) continue;
    theme.recipes = { ...theme.recipes, ...recipes };
    theme.slotRecipes = { ...theme.slotRecipes, ...slotRecipes };
  }
}
