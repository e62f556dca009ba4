/** jsdom polyfills the front-end tests need (react-router 7, Chakra dialogs and menus). */
import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { testFileRenders } from './jest.testFile';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// A screen's first render may load its form rules, built from the API's schemas with their library
// (typebox: about a second under jest's module loader, a few kilobytes in a build): queries wait for it.
configure({ asyncUtilTimeout: 4000 });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in globalThis)) {
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}
// (a suite without a DOM, `@jest-environment node`, skips the window's)
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    // width queries are answered for the window's width (jsdom's 1024 px: a wide screen), others never match
    const widthMatches = (query: string) => {
      const px = (value: string, unit: string) => Number(value) * (unit === 'em' || unit === 'rem' ? 16 : 1);
      const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/g)];
      return (
        conditions.length > 0 &&
        conditions.every(([, side, value, unit]) => (side === 'min' ? window.innerWidth >= px(value, unit) : window.innerWidth <= px(value, unit)))
      );
    };
    window.matchMedia = (query: string) =>
      ({
        matches: widthMatches(query),
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!window.scrollTo) window.scrollTo = () => {};
  Element.prototype.scrollTo = Element.prototype.scrollTo || (() => {});
}

// (a file that does not render skips the downloads below: jest.testFile.ts)
const rendersReact = testFileRenders();

// The UI kit's large components download on first use in the browser (shared/src/ui/deferred.tsx); a
// test renders them at once, as a page does once its downloads have run (a test of the downloads
// themselves sets `coldDeferredUi` and starts without them).
beforeAll(async () => {
  if (!rendersReact || (globalThis as { coldDeferredUi?: boolean }).coldDeferredUi) return;
  const { preloadDeferredUi } = await import('./shared/src/ui/deferred');
  await preloadDeferredUi();
});

// The same for the parts of screens that download apart (their forms, the delete confirmation, the filter's popover: shared/src/ui/lazyParts.tsx):
// the resource kit's, and those of the modules the test file imports (a test of what a screen
// downloads sets `coldLazyParts`).
beforeAll(async () => {
  if (!rendersReact || (globalThis as { coldLazyParts?: boolean }).coldLazyParts) return;
  await import('./shared/src/resource');
  const { preloadLazyParts } = await import('./shared/src/ui/lazyParts');
  await preloadLazyParts();
});
