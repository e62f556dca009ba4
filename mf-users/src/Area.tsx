/**
 * The remote's exposed `./Area`: the screen of the manifest route the shell opened, from the screens
 * table (screens.ts), downloaded when first opened under one loading notice. The shell provides the theme,
 * the toaster, the query client and the breadcrumb; the Area renders only the page.
 */
import { areaOfScreens } from '@trungtam/shared/ui/list';
import { SCREENS } from './screens';

export default areaOfScreens(SCREENS);
