/**
 * Interface-chrome translations (default en; de, es, fr, ja, zh supported, and vi; the product's
 * own texts stay Vietnamese and are not keys here). One i18next instance, shared as a singleton, so
 * `useTranslation()` in a remote reads the shell's language. A remote adds its keys with
 * `addTranslations()`; the chosen language is kept in local storage. English is built in; each other
 * language's strings (locales/) are downloaded when it is chosen. The areas' routes' titles (the menu
 * entries, their sections and the breadcrumbs) are not here: each is written once, in every language, in
 * its route registry entry (deploy/remotes.json), and the shell adds them from the manifest.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language };
export const LANGUAGE_STORAGE_KEY = 'trungtam-language';
export const DEFAULT_NAMESPACE = 'translation';

/** Each language named in itself, for the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  zh: '中文',
  vi: 'Tiếng Việt',
};

type Bundle = { [key: string]: string | Bundle };

const en = {
  menu: {
    toggle: 'Toggle menu',
    navigation: 'Main menu',
    dashboard: 'Dashboard',
    notifications: 'Notifications',
    account: 'My account',
    builder: 'Layout builder',
    loading: 'Loading menu…',
    unavailable: 'The menu could not be loaded.',
  },
  header: {
    notifications: 'Notifications',
    userMenu: 'Account menu',
    accountType: 'Account type',
    settings: 'Account settings',
    logout: 'Sign out',
    language: 'Language',
    builder: 'Layout builder',
    seeMore: 'See more',
    unread: '{{count}} unread',
  },
  auth: {
    email: 'Email',
    password: 'Password',
    firstname: 'First name',
    lastname: 'Last name',
    confirmPassword: 'Confirm Password',
    pleaseWait: 'Please wait…',
    submit: 'Submit',
    cancel: 'Cancel',
    login: {
      title: 'Sign In',
      newHere: 'New here?',
      createAccount: 'Create an Account',
      forgot: 'Forgot Password ?',
      submit: 'Continue',
    },
    register: {
      title: 'Create an Account',
      haveAccount: 'Already have an account?',
      signIn: 'Sign in here',
      accept: 'I accept the',
      terms: 'Terms and Conditions',
      closed: 'Sign-up is closed: the centre creates accounts itself. Please contact the centre.',
      approvalHint: "A new account waits for the centre's approval before it can be used.",
    },
    pending: {
      title: 'Waiting for approval',
      text: 'Your account was created and waits for the centre to approve it. You can use the system once it is approved.',
      check: 'Check again',
      stillWaiting: 'Still waiting for approval.',
      signOut: 'Sign out',
    },
    forgot: {
      title: 'Forgot Password ?',
      hint: 'Enter your email to reset your password.',
    },
    reset: {
      title: 'Set a new password',
      hint: 'Choose the new password of your account.',
      submit: 'Save password',
      backToLogin: 'Back to sign in',
    },
    terms: {
      title: 'Terms and Conditions',
      back: 'Back to registration',
      accounts:
        "Accounts on the centre's management system are only for its students, teachers and staff. You are responsible for keeping your password secret and for everything done with your account.",
      privacy:
        "Personal details (name, email, phone number, the representative's details) are used only to organise classes, to get in touch and to send notifications; the centre does not share them with third parties.",
      locking:
        'The centre may lock an account that breaks its rules or is no longer used. For any question, please contact the academic affairs office.',
      about: 'A training centre with in-person and online classes for all ages.',
      contact: 'Contact the academic affairs office of your nearest centre for help.',
      news: "The centre's news reaches you once you have signed in.",
    },
    footer: { label: 'Site links', about: 'About', contact: 'Contact', news: 'News' },
  },
  error: {
    notFound: { title: 'Page Not Found', text: 'The page you looked for does not exist.' },
    system: { title: 'System Error', text: 'Something went wrong. Please try again later.' },
    home: 'Go to homepage',
  },
  pagination: {
    showing: 'Showing {{from}} to {{to}} of {{total}} entries',
    previous: 'Previous',
    next: 'Next',
  },
  common: {
    loading: 'Loading…',
    retry: 'Retry',
    close: 'Close',
    scrollTop: 'Scroll to top',
    breadcrumb: 'Breadcrumb',
    home: 'Home',
  },
  /** The frame's own states: an area or a page of the shell downloading, or failing to. */
  load: {
    areaLoading: 'Loading this feature…',
    areaFailedTitle: 'This feature could not be loaded',
    areaFailedText:
      "This feature's server is not responding right now. The other features keep working as usual. Please try again in a few minutes.",
    pageFailedTitle: 'This page could not be loaded',
    pageFailedText: 'Please check your network connection and try again.',
    areasFailed: 'The list of features could not be loaded. Please try again.',
  },
  footer: { tagline: 'Education centre management system' },
  dashboard: { title: 'Dashboard' },
  account: {
    title: 'Account overview',
    name: 'Name',
    email: 'Email',
    type: 'Account type',
    phone: 'Phone',
    role: 'Role',
    center: 'Centre',
    lastLogin: 'Last sign-in',
    profile: 'Profile details',
    password: 'Change password',
    save: 'Save changes',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
  },
  builder: {
    title: 'Layout builder',
    hint: 'Changes apply at once and are kept in this browser.',
    colorMode: 'Colour mode',
    light: 'Light',
    dark: 'Dark',
    sidebarCollapsed: 'Collapse the side menu',
    fixedHeader: 'Fixed header',
    contentWidth: 'Content width',
    fluid: 'Full width',
    fixed: 'Fixed width',
    reset: 'Reset to defaults',
  },
  notifications: {
    title: 'Notifications',
    read: 'Read',
    unread: 'Unread',
  },
};

type Chrome = typeof en;
type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
/** The chrome's keys, every one of them, in one language (each file of locales/). */
export type ChromeTranslation = Translation<Chrome>;







/**
 * The chrome strings of each language other than English (always there: the default and the fallback),
 * each its own chunk, downloaded only when it is the chosen language: a page carries one language.
 */
const OTHER_LANGUAGES: Record<Exclude<Language, 'en'>, () => Promise<{ default: ChromeTranslation }>> = {
  de: () => import('./locales/de'),
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  ja: () => import('./locales/ja'),
  zh: () => import('./locales/zh'),
  vi: () => import('./locales/vi'),
};

/** The chrome strings of a language (exported for tests and for checking remotes' keys). */
export async function chromeTranslations(language: Language): Promise<Bundle> {
  return language === 'en' ? en : (await OTHER_LANGUAGES[language]()).default;
}

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export const i18n: I18n = i18next.createInstance();

// English first: the chosen language's strings are downloaded (i18nReady) before it becomes the language
void i18n.use(initReactI18next).init({
  resources: { [DEFAULT_LANGUAGE]: { [DEFAULT_NAMESPACE]: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: DEFAULT_NAMESPACE,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** `<html lang>` follows the interface language (screen readers, hyphenation, the browser's translate offer). */
function reflectLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
reflectLanguage(i18n.language);
i18n.on('languageChanged', reflectLanguage);

/**
 * Adds a remote's (or an app's) own keys, per language. Keys merge into `namespace` (default:
 * the chrome's), existing keys are kept, so a remote cannot overwrite the shell's texts by accident.
 *
 *   addTranslations({ en: { teachers: { title: 'Teachers' } }, de: { teachers: { title: 'Lehrkräfte' } } });
 */
export function addTranslations(
  bundles: Partial<Record<Language, Bundle>>,
  namespace: string = DEFAULT_NAMESPACE,
): void {
  for (const [lng, bundle] of Object.entries(bundles)) {
    if (isLanguage(lng) && bundle) i18n.addResourceBundle(lng, namespace, bundle, true, false);
  }
}

const loadedLanguages = new Set<Language>([DEFAULT_LANGUAGE]);

/** Downloads a language's chrome strings once; they win over a remote's keys added before them. */
async function loadLanguage(language: Language): Promise<void> {
  if (loadedLanguages.has(language)) return;
  i18n.addResourceBundle(language, DEFAULT_NAMESPACE, await chromeTranslations(language), true, true);
  loadedLanguages.add(language);
}

async function switchLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * Resolves once the chosen language (kept in local storage) is the interface's, its strings downloaded
 * (at once for English): the shell renders after it, so that a page never flashes in English first.
 * Should the download fail, the interface stays in English.
 */
export const i18nReady: Promise<void> = switchLanguage(storedLanguage()).catch(() => {});

/** Switches the interface language and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this visit only
  }
  await switchLanguage(language);
}

export { useTranslation, I18nextProvider } from 'react-i18next';
