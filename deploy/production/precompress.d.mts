/** Types of precompress.mjs, for the TypeScript that imports it (the build configs' compression plugin). */

/** Writes a `.gz` and a `.br` copy beside each text file under `dir`; answers how many files. */
export function precompress(dir: string): number;
