/**
 * The recipes of the form inputs the kit's core exports beside its base (core.ts): added to the system
 * when the core is loaded, so that the shell's first pages, which draw none of them, do not download them.
 */
import { fieldSlotRecipe, inputRecipe, linkRecipe, nativeSelectSlotRecipe, textareaRecipe } from '@chakra-ui/react/theme';
import { registerRecipes } from './theme';

registerRecipes({
  recipes: { input: inputRecipe, link: linkRecipe, textarea: textareaRecipe },
  slotRecipes: { field: fieldSlotRecipe, nativeSelect: nativeSelectSlotRecipe },
});
