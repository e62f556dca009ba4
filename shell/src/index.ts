import './startup/splash.css';
import './startup/plain.css';
import { authPages } from './startup/authPages';
import { pageUsesUiKit, startSignedInPartEarly, storedSessionToken } from './startup/earlySignedInPart';
import { loadUiKit } from './startup/kitLoader';
import { nextTask } from './startup/nextTask';
import { staggerScriptLoads } from './startup/staggeredScripts';

// (before the first download: startup/staggeredScripts.ts)
staggerScriptLoads();
// (the API's URL as the bootstrap configures the client with it)
startSignedInPartEarly(process.env.PUBLIC_API_URL ?? '');
void start();

/**
 * The start-up in steps, each evaluated in a task of its own: done in one, the evaluation of its modules
 * and the creation of the theme (since left to the first styled component) held a phone's main thread
 * for about 400 ms, with the splash on screen and the page unable to answer. The page preloads every step's scripts (pluginPreloadStartup follows
 * this module's imports), so the steps cost no extra round trip.
 */
async function start() {
  // (both steps' own code is one file, "start": the sign-in page and the signed-in pages need both)
  // the API client, the session and its first calls, the chosen language's strings, React DOM
  const { renderApp } = await import(/* webpackChunkName: "start" */ './bootstrap');
  await nextTask();
  // with a stored session, on a page that uses the UI kit, the shell's part of it (the signed-out pages,
  // the signed-in frame and the dashboard do not use it): the kit's provider and the pages' routes, no
  // styled component; the design system is created by the first of those to render
  // (ui/systemProvider.tsx): a list's first screen has none
  const signedIn = storedSessionToken() !== null;
  if (signedIn && pageUsesUiKit(window.location.pathname)) {
    await loadUiKit();
    await nextTask();
  }
  // the routes (the signed-out pages, with their forms, download on their own: authPages.ts)
  const { App, loadSignedInPartWithSession } = await import(/* webpackChunkName: "start" */ './app/App');
  loadSignedInPartWithSession();
  await nextTask();
  // without a session, the first paint shows the sign-in page whole (the entry started its download);
  // should that download fail, the render tries once more (and shows a retry button if that fails too)
  if (!signedIn) await authPages.load().catch(() => authPages.reset());
  await renderApp(App);
}
