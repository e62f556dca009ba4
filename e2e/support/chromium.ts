/**
 * Debian's Chromium as the browser tests and the benchmarks launch it: headless, and without the
 * background connections a closed network refuses (CHROMIUM_PATH for another binary).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
