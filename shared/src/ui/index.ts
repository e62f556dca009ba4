/**
 * The whole UI kit, as the areas import it: its core (components, theme, toaster, dialogs, list parts)
 * and its forms. Each part is an entry point of its own, shared through Module Federation, and is taken
 * here through its package name, so that the page holds one instance of each whichever way it is
 * imported. The shell imports the two parts apart: its first screens download no form code.
 */
export * from '@trungtam/shared/ui/core';
export * from '@trungtam/shared/ui/forms';
