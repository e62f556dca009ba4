/**
 * This area's screens table, from its routes in deploy/remotes.json: each route's entry names its screen
 * file under src/features (`rooms/RoomsPage`, whose export `RoomsPage` renders it), downloaded when the
 * route is first opened. A new screen is its file and its entry there, nothing here; test/screens.test.ts
 * checks that each entry's file exports its screen and that each screen file has an entry.
 */
import { screenFilesOf } from '@trungtam/shared/routes';
import { areaScreens } from '@trungtam/shared/ui/list';

/** A screen file's module; only the screen files (`*Page.tsx`) become downloads of their own. */
const loadScreenModule = (screen: string) => import(/* webpackInclude: /Page\.tsx$/ */ `./features/${screen}.tsx`);

// A build has this area's screen files written in (AREA_SCREEN_FILES), so that the registry is not
// downloaded with the Area; tests read them from the registry.
export const SCREENS = areaScreens(process.env.NODE_ENV === 'test' ? screenFilesOf('settings') : AREA_SCREEN_FILES, loadScreenModule);
