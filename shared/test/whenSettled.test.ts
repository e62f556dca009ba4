/**
 * What a page does ahead for later runs once the page has loaded and the browser is idle, one piece at a
 * time: the next waits for the previous one's work (a download) to end and for another idle moment.
 */
import { whenSettled } from '../src/ui/whenSettled';

const idleCallbacks: Array<() => void> = [];
beforeAll(() => {
  window.requestIdleCallback = ((run: () => void) => idleCallbacks.push(run)) as typeof window.requestIdleCallback;
});
afterAll(() => {
  delete (window as Partial<Window>).requestIdleCallback;
});

/** Runs the idle callbacks asked so far, as the browser would in its next idle moment. */
async function idleMoment() {
  // (what ended before has asked for its idle moment)
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const run of idleCallbacks.splice(0)) run();
}

it('runs each piece in an idle moment of its own, after the previous piece has ended', async () => {
  const ran: string[] = [];
  let endDownload!: () => void;
  whenSettled(() => {
    ran.push('dialog code');
    return new Promise<void>((resolve) => (endDownload = resolve));
  });
  whenSettled(() => void ran.push('menu code'));
  whenSettled(() => {
    ran.push('tabs code');
    throw new Error('failed');
  });
  whenSettled(() => void ran.push('avatar code'));
  // the page has loaded (jsdom's document is complete): nothing before the browser is idle
  expect(ran).toEqual([]);

  await idleMoment();
  expect(ran).toEqual(['dialog code']);
  // the dialog's code still downloading: an idle moment runs nothing more
  await idleMoment();
  expect(ran).toEqual(['dialog code']);

  endDownload();
  await idleMoment();
  expect(ran).toEqual(['dialog code', 'menu code']);
  await idleMoment();
  expect(ran).toEqual(['dialog code', 'menu code', 'tabs code']);
  // a piece that fails does not stop the others
  await idleMoment();
  expect(ran).toEqual(['dialog code', 'menu code', 'tabs code', 'avatar code']);

  // a piece queued later, once the queue is empty, waits for an idle moment too
  whenSettled(() => void ran.push('form code'));
  expect(ran).toHaveLength(4);
  await idleMoment();
  expect(ran.at(-1)).toBe('form code');
});

it("runs the kit's pieces before a screen's, even those the screen queued first", async () => {
  const ran: string[] = [];
  whenSettled(() => void ran.push('teacher form'));
  whenSettled(() => void ran.push('password dialog'));
  whenSettled(() => void ran.push('dialog namespace'), 'kit');
  whenSettled(() => void ran.push('kit core'), 'kit');
  for (let moment = 0; moment < 4; moment += 1) await idleMoment();
  expect(ran).toEqual(['dialog namespace', 'kit core', 'teacher form', 'password dialog']);
});
