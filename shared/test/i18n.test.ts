import {
  addTranslations,
  chromeTranslations,
  i18n,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  setLanguage,
} from '../src/i18n';

function keysOf(bundle: object, prefix = ''): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

afterEach(async () => {
  await setLanguage('en');
});

describe('i18n', () => {
  it('defaults to English and formats the pagination text', () => {
    expect(i18n.language).toBe('en');
    expect(i18n.t('pagination.showing', { from: 1, to: 10, total: 42 })).toBe('Showing 1 to 10 of 42 entries');
  });

  it('translates every chrome key in every language', async () => {
    const english = keysOf(await chromeTranslations('en')).sort();
    for (const lng of LANGUAGES) expect(keysOf(await chromeTranslations(lng)).sort()).toEqual(english);
  });

  it('switches language and remembers the choice', async () => {
    await setLanguage('fr');
    expect(i18n.t('error.home')).toBe("Aller à l'accueil");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    // the page's own language follows, for screen readers and the browser
    expect(document.documentElement.lang).toBe('fr');
    await setLanguage('vi');
    expect(document.documentElement.lang).toBe('vi');
  });

  it('lets a remote add its own keys without overwriting the chrome', () => {
    addTranslations({
      en: { teachersPage: { title: 'Teachers' }, error: { home: 'Overwritten' } },
      de: { teachersPage: { title: 'Lehrkräfte' } },
    });
    expect(i18n.t('teachersPage.title')).toBe('Teachers');
    expect(i18n.t('teachersPage.title', { lng: 'de' })).toBe('Lehrkräfte');
    expect(i18n.t('error.home')).toBe('Go to homepage');
  });
});
