/**
 * The part of stylis (emotion's CSS compiler, installed with @emotion/react) that globalCssText.ts
 * uses to compile the global styles as emotion does. stylis ships no types of its own.
 */
declare module 'stylis' {
  /** A compiled rule, declaration or at-rule. */
  export type Element = object;
  export type Middleware = (element: Element, index: number, children: Element[], callback: Middleware) => string | void;
  export function compile(value: string): Element[];
  export function serialize(children: Element[], callback: Middleware): string;
  export function middleware(collection: Middleware[]): Middleware;
  export const prefixer: Middleware;
  export const stringify: Middleware;
}
