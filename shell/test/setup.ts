import { testFileRenders } from '../../jest.testFile';

/** jsdom has no PointerEvent; Chakra's checkbox (zag press handling) creates one on blur. */
if (!('PointerEvent' in window)) {
  class PointerEventStub extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.assign(window, { PointerEvent: PointerEventStub });
  Object.assign(globalThis, { PointerEvent: PointerEventStub });
}

// The signed-out pages are a download of their own, which the entry starts before the first render
// (shell/src/startup/authPages.ts): a test renders them as a page does once that download has run (a test of
// what the start-up downloads sets `coldAuthPages` and starts without them).
// The same for the UI kit's download (shell/src/startup/uiKit.tsx), which every page but the dashboard takes.
beforeAll(async () => {
  if (!testFileRenders() || (globalThis as { coldAuthPages?: boolean }).coldAuthPages) return;
  const { authPages } = await import('../src/startup/authPages');
  const { loadUiKit } = await import('../src/startup/kitLoader');
  await Promise.all([authPages.load(), loadUiKit()]);
});

// jsdom has no fetch. The remote loader fetches an area's manifest itself ahead of the federation runtime
// (src/remotes/federation.ts), which the tests replace; a test of that fetch sets its own.
if (!('fetch' in globalThis)) {
  Object.assign(globalThis, { fetch: () => new Promise<never>(() => {}) });
}
