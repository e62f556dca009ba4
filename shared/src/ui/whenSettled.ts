/**
 * Calls `then` once the page has loaded and the browser has a moment with nothing to do: for downloads
 * a screen may need later (a dialog's code, say) that must not compete with what it needs now.
 */
export function whenSettled(then: () => void): void {
  const idle = () =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(then, { timeout: 5000 }) : window.setTimeout(then, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
