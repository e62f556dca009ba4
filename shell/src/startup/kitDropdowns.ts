/**
 * The header's dropdowns built with the UI kit (the account menu, the notifications), a download of their
 * own (kitPart.tsx hands them to the frame): a page's first screen does not wait for Chakra's components.
 * They come when a dropdown's button is pointed at, focused or clicked, as on the dashboard.
 */
export { AccountMenuDropdown } from '../features/layout/AccountMenu';
export { BellDropdown } from '../features/notifications/BellDropdown';
