/**
 * The recipes of the deferred components (deferred.tsx), one download with the first of them: added to
 * the system before any of them renders, so that pages which draw none of them do not download them.
 */
import {
  avatarSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  menuSlotRecipe,
  numberInputSlotRecipe,
  popoverSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  switchSlotRecipe,
  tabsSlotRecipe,
} from '@chakra-ui/react/theme';

export const DEFERRED_RECIPES = {
  recipes: { checkmark: checkmarkRecipe, radiomark: radiomarkRecipe },
  slotRecipes: {
    avatar: avatarSlotRecipe,
    checkbox: checkboxSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    menu: menuSlotRecipe,
    numberInput: numberInputSlotRecipe,
    popover: popoverSlotRecipe,
    radioGroup: radioGroupSlotRecipe,
    switch: switchSlotRecipe,
    tabs: tabsSlotRecipe,
  },
};
