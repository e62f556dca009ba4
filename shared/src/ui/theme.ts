/**
 * The suite's one theme: Chakra's tokens with the product's font, and the recipes of only the
 * components the UI kit (./index.ts) re-exports. Chakra's `defaultConfig` carries every recipe
 * of every component (about half of Chakra's weight on the wire); the suite uses a fraction.
 * When index.ts gains a component, add its recipe here, or it renders unstyled.
 *
 * The system is created on first use (uiSystem), not when this module is evaluated: creating it is the
 * largest single piece of a start-up's script work (about 145 ms on a phone-speed CPU), and the shell
 * runs it in a task of its own, apart from the evaluation of the start-up's modules (shell/src/index.ts).
 */
import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  numberInputSlotRecipe,
  popoverSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      numberInput: numberInputSlotRecipe,
      popover: popoverSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
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
 * built before `uiSystem` (read at render time, by then the shell has created it); use `uiSystem()`.
 */
export let system: SystemContext | undefined;

/** The suite's one Chakra system, created on the first call. */
export function uiSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, chakraTheme, productTheme);
  return system;
}
