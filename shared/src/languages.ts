/**
 * The interface's languages: the supported locales (en default; de, es, fr, ja, zh) plus vi, the product's
 * own language. Pure TypeScript, no i18next: the API and the route registry read it too.
 */
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
