/**
 * The parts of the UI kit that need no design system: the logo, a name's initials, a dropdown's button
 * drawn alone until first used, and the layout settings with the colour mode they put on the page. The
 * pages a visitor sees before signing in (the shell's sign-in, registration and error pages) and the
 * shell's signed-in frame with its dashboard are built on plain elements and take only these, so that
 * those pages download neither Chakra nor its styling engine. `@trungtam/shared/ui/base` (and so
 * `ui/core`) exports the logo and the layout settings too.
 */
export { Logo } from './logo';
export { initialsOf } from './initials';
export { OnFirstUse } from './OnFirstUse';
export type { FirstUseDropdownProps, StandIn, StandInProps } from './OnFirstUse';
export { useLayoutSettings, ColorModeSync, LAYOUT_SETTINGS_KEY, DEFAULT_LAYOUT_SETTINGS } from './layoutSettings';
export type { ColorMode, ContentWidth, LayoutSettings, LayoutSettingsState } from './layoutSettings';
