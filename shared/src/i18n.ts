/**
 * Interface-chrome translations (spec point 1: default en; de, es, fr, ja, zh supported; the product's
 * own texts stay Vietnamese and are not keys here). One i18next instance, shared as a singleton, so
 * `useTranslation()` in a remote reads the shell's language. A remote adds its keys with
 * `addTranslations()`; the chosen language is kept in local storage.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
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
};

type Bundle = { [key: string]: string | Bundle };

const en = {
  menu: {
    toggle: 'Toggle menu',
    navigation: 'Main menu',
    dashboard: 'Dashboard',
    section: {
      assets: 'Assets',
      learning: 'Learning',
      settings: 'Settings',
      competition: 'Competition',
      system: 'System',
      reports: 'Reports',
    },
    products: 'Courses',
    teachers: 'Teachers',
    students: 'Students',
    schedules: 'Schedules',
    classes: 'Classes',
    reports: 'Reports',
    accounts: 'Staff accounts',
    notificationSettings: 'Notification settings',
    roles: 'Roles',
    centers: 'Centres',
    rooms: 'Rooms',
    discounts: 'Discounts',
    productTypes: 'Product types',
    vendors: 'Teaching methods',
    variantGroups: 'Variant groups',
    variants: 'Variants',
    auditLog: 'Audit log',
    areas: 'Areas',
    competitions: 'Events',
    topics: 'Subjects',
    examineeTypes: 'Examinee groups',
    rounds: 'Rounds',
    examinees: 'Examinees',
    scoring: 'Exam grading',
    notifications: 'Notifications',
    account: 'My account',
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
    },
    footer: { about: 'About', contact: 'Contact', news: 'News' },
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
  dashboard: { title: 'Dashboard' },
  account: { title: 'Account overview', name: 'Name', email: 'Email', type: 'Account type' },
};

type Chrome = typeof en;
type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

const de: Translation<Chrome> = {
  menu: {
    toggle: 'Menü ein-/ausblenden',
    navigation: 'Hauptmenü',
    dashboard: 'Übersicht',
    section: {
      assets: 'Bestand',
      learning: 'Unterricht',
      settings: 'Einstellungen',
      competition: 'Wettbewerb',
      system: 'System',
      reports: 'Berichte',
    },
    products: 'Kurse',
    teachers: 'Lehrkräfte',
    students: 'Lernende',
    schedules: 'Stundenpläne',
    classes: 'Klassen',
    reports: 'Berichte',
    accounts: 'Mitarbeiterkonten',
    notificationSettings: 'Benachrichtigungseinstellungen',
    roles: 'Rollen',
    centers: 'Zentren',
    rooms: 'Räume',
    discounts: 'Rabatte',
    productTypes: 'Produkttypen',
    vendors: 'Unterrichtsformen',
    variantGroups: 'Variantengruppen',
    variants: 'Varianten',
    auditLog: 'Prüfprotokoll',
    areas: 'Bereiche',
    competitions: 'Veranstaltungen',
    topics: 'Fächer',
    examineeTypes: 'Prüflingsgruppen',
    rounds: 'Runden',
    examinees: 'Prüflinge',
    scoring: 'Bewertung',
    notifications: 'Benachrichtigungen',
    account: 'Mein Konto',
    loading: 'Menü wird geladen…',
    unavailable: 'Das Menü konnte nicht geladen werden.',
  },
  header: {
    notifications: 'Benachrichtigungen',
    userMenu: 'Kontomenü',
    accountType: 'Kontotyp',
    settings: 'Kontoeinstellungen',
    logout: 'Abmelden',
    language: 'Sprache',
  },
  auth: {
    email: 'E-Mail',
    password: 'Passwort',
    firstname: 'Vorname',
    lastname: 'Nachname',
    confirmPassword: 'Passwort bestätigen',
    pleaseWait: 'Bitte warten…',
    submit: 'Senden',
    cancel: 'Abbrechen',
    login: {
      title: 'Anmelden',
      newHere: 'Neu hier?',
      createAccount: 'Konto erstellen',
      forgot: 'Passwort vergessen?',
      submit: 'Weiter',
    },
    register: {
      title: 'Konto erstellen',
      haveAccount: 'Sie haben bereits ein Konto?',
      signIn: 'Hier anmelden',
      accept: 'Ich akzeptiere die',
      terms: 'Allgemeinen Geschäftsbedingungen',
    },
    forgot: {
      title: 'Passwort vergessen?',
      hint: 'Geben Sie Ihre E-Mail-Adresse ein, um Ihr Passwort zurückzusetzen.',
    },
    reset: {
      title: 'Neues Passwort festlegen',
      hint: 'Wählen Sie das neue Passwort Ihres Kontos.',
      submit: 'Passwort speichern',
      backToLogin: 'Zurück zur Anmeldung',
    },
    terms: { title: 'Allgemeine Geschäftsbedingungen', back: 'Zurück zur Registrierung' },
    footer: { about: 'Über uns', contact: 'Kontakt', news: 'Neuigkeiten' },
  },
  error: {
    notFound: { title: 'Seite nicht gefunden', text: 'Die gesuchte Seite existiert nicht.' },
    system: { title: 'Systemfehler', text: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.' },
    home: 'Zur Startseite',
  },
  pagination: {
    showing: 'Zeige {{from}} bis {{to}} von {{total}} Einträgen',
    previous: 'Zurück',
    next: 'Weiter',
  },
  common: {
    loading: 'Wird geladen…',
    retry: 'Erneut versuchen',
    close: 'Schließen',
    scrollTop: 'Nach oben',
    breadcrumb: 'Brotkrümelnavigation',
    home: 'Start',
  },
  dashboard: { title: 'Übersicht' },
  account: { title: 'Kontoübersicht', name: 'Name', email: 'E-Mail', type: 'Kontotyp' },
};

const es: Translation<Chrome> = {
  menu: {
    toggle: 'Mostrar u ocultar el menú',
    navigation: 'Menú principal',
    dashboard: 'Panel',
    section: {
      assets: 'Recursos',
      learning: 'Enseñanza',
      settings: 'Configuración',
      competition: 'Concurso',
      system: 'Sistema',
      reports: 'Informes',
    },
    products: 'Cursos',
    teachers: 'Profesores',
    students: 'Alumnos',
    schedules: 'Horarios',
    classes: 'Clases',
    reports: 'Informes',
    accounts: 'Cuentas del personal',
    notificationSettings: 'Ajustes de notificaciones',
    roles: 'Roles',
    centers: 'Centros',
    rooms: 'Aulas',
    discounts: 'Descuentos',
    productTypes: 'Tipos de producto',
    vendors: 'Modalidades de enseñanza',
    variantGroups: 'Grupos de variantes',
    variants: 'Variantes',
    auditLog: 'Registro de auditoría',
    areas: 'Áreas',
    competitions: 'Eventos',
    topics: 'Materias',
    examineeTypes: 'Grupos de candidatos',
    rounds: 'Rondas',
    examinees: 'Candidatos',
    scoring: 'Calificación',
    notifications: 'Notificaciones',
    account: 'Mi cuenta',
    loading: 'Cargando el menú…',
    unavailable: 'No se pudo cargar el menú.',
  },
  header: {
    notifications: 'Notificaciones',
    userMenu: 'Menú de la cuenta',
    accountType: 'Tipo de cuenta',
    settings: 'Ajustes de la cuenta',
    logout: 'Cerrar sesión',
    language: 'Idioma',
  },
  auth: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    firstname: 'Nombre',
    lastname: 'Apellido',
    confirmPassword: 'Confirmar contraseña',
    pleaseWait: 'Espere, por favor…',
    submit: 'Enviar',
    cancel: 'Cancelar',
    login: {
      title: 'Iniciar sesión',
      newHere: '¿Eres nuevo?',
      createAccount: 'Crear una cuenta',
      forgot: '¿Olvidaste la contraseña?',
      submit: 'Continuar',
    },
    register: {
      title: 'Crear una cuenta',
      haveAccount: '¿Ya tienes una cuenta?',
      signIn: 'Inicia sesión aquí',
      accept: 'Acepto los',
      terms: 'Términos y condiciones',
    },
    forgot: {
      title: '¿Olvidaste la contraseña?',
      hint: 'Introduce tu correo para restablecer la contraseña.',
    },
    reset: {
      title: 'Elige una nueva contraseña',
      hint: 'Escribe la nueva contraseña de tu cuenta.',
      submit: 'Guardar contraseña',
      backToLogin: 'Volver al inicio de sesión',
    },
    terms: { title: 'Términos y condiciones', back: 'Volver al registro' },
    footer: { about: 'Acerca de', contact: 'Contacto', news: 'Noticias' },
  },
  error: {
    notFound: { title: 'Página no encontrada', text: 'La página que buscas no existe.' },
    system: { title: 'Error del sistema', text: 'Algo salió mal. Inténtalo de nuevo más tarde.' },
    home: 'Ir a la página de inicio',
  },
  pagination: {
    showing: 'Mostrando {{from}} a {{to}} de {{total}} registros',
    previous: 'Anterior',
    next: 'Siguiente',
  },
  common: {
    loading: 'Cargando…',
    retry: 'Reintentar',
    close: 'Cerrar',
    scrollTop: 'Volver arriba',
    breadcrumb: 'Ruta de navegación',
    home: 'Inicio',
  },
  dashboard: { title: 'Panel' },
  account: { title: 'Resumen de la cuenta', name: 'Nombre', email: 'Correo electrónico', type: 'Tipo de cuenta' },
};

const fr: Translation<Chrome> = {
  menu: {
    toggle: 'Afficher ou masquer le menu',
    navigation: 'Menu principal',
    dashboard: 'Tableau de bord',
    section: {
      assets: 'Ressources',
      learning: 'Enseignement',
      settings: 'Paramètres',
      competition: 'Concours',
      system: 'Système',
      reports: 'Rapports',
    },
    products: 'Cours',
    teachers: 'Enseignants',
    students: 'Élèves',
    schedules: 'Emplois du temps',
    classes: 'Classes',
    reports: 'Rapports',
    accounts: 'Comptes du personnel',
    notificationSettings: 'Paramètres des notifications',
    roles: 'Rôles',
    centers: 'Centres',
    rooms: 'Salles',
    discounts: 'Remises',
    productTypes: 'Types de produit',
    vendors: "Modes d'enseignement",
    variantGroups: 'Groupes de variantes',
    variants: 'Variantes',
    auditLog: "Journal d'audit",
    areas: 'Modules',
    competitions: 'Événements',
    topics: 'Matières',
    examineeTypes: 'Groupes de candidats',
    rounds: 'Épreuves',
    examinees: 'Candidats',
    scoring: 'Notation',
    notifications: 'Notifications',
    account: 'Mon compte',
    loading: 'Chargement du menu…',
    unavailable: "Le menu n'a pas pu être chargé.",
  },
  header: {
    notifications: 'Notifications',
    userMenu: 'Menu du compte',
    accountType: 'Type de compte',
    settings: 'Paramètres du compte',
    logout: 'Se déconnecter',
    language: 'Langue',
  },
  auth: {
    email: 'E-mail',
    password: 'Mot de passe',
    firstname: 'Prénom',
    lastname: 'Nom',
    confirmPassword: 'Confirmer le mot de passe',
    pleaseWait: 'Veuillez patienter…',
    submit: 'Envoyer',
    cancel: 'Annuler',
    login: {
      title: 'Connexion',
      newHere: 'Nouveau ici ?',
      createAccount: 'Créer un compte',
      forgot: 'Mot de passe oublié ?',
      submit: 'Continuer',
    },
    register: {
      title: 'Créer un compte',
      haveAccount: 'Vous avez déjà un compte ?',
      signIn: 'Connectez-vous ici',
      accept: "J'accepte les",
      terms: 'Conditions générales',
    },
    forgot: {
      title: 'Mot de passe oublié ?',
      hint: 'Saisissez votre e-mail pour réinitialiser votre mot de passe.',
    },
    reset: {
      title: 'Choisir un nouveau mot de passe',
      hint: 'Saisissez le nouveau mot de passe de votre compte.',
      submit: 'Enregistrer le mot de passe',
      backToLogin: 'Retour à la connexion',
    },
    terms: { title: 'Conditions générales', back: "Retour à l'inscription" },
    footer: { about: 'À propos', contact: 'Contact', news: 'Actualités' },
  },
  error: {
    notFound: { title: 'Page introuvable', text: "La page demandée n'existe pas." },
    system: { title: 'Erreur système', text: 'Une erreur est survenue. Veuillez réessayer plus tard.' },
    home: "Aller à l'accueil",
  },
  pagination: {
    showing: 'Affichage de {{from}} à {{to}} sur {{total}} entrées',
    previous: 'Précédent',
    next: 'Suivant',
  },
  common: {
    loading: 'Chargement…',
    retry: 'Réessayer',
    close: 'Fermer',
    scrollTop: 'Revenir en haut',
    breadcrumb: "Fil d'Ariane",
    home: 'Accueil',
  },
  dashboard: { title: 'Tableau de bord' },
  account: { title: 'Aperçu du compte', name: 'Nom', email: 'E-mail', type: 'Type de compte' },
};

const ja: Translation<Chrome> = {
  menu: {
    toggle: 'メニューの表示切替',
    navigation: 'メインメニュー',
    dashboard: 'ダッシュボード',
    section: {
      assets: 'リソース',
      learning: '授業',
      settings: '設定',
      competition: 'コンテスト',
      system: 'システム',
      reports: 'レポート',
    },
    products: 'コース',
    teachers: '講師',
    students: '受講生',
    schedules: '時間割',
    classes: 'クラス',
    reports: 'レポート',
    accounts: 'スタッフアカウント',
    notificationSettings: '通知設定',
    roles: 'ロール',
    centers: 'センター',
    rooms: '教室',
    discounts: '割引',
    productTypes: '商品タイプ',
    vendors: '授業形式',
    variantGroups: 'バリエーショングループ',
    variants: 'バリエーション',
    auditLog: '監査ログ',
    areas: 'エリア',
    competitions: 'イベント',
    topics: '科目',
    examineeTypes: '受験者グループ',
    rounds: 'ラウンド',
    examinees: '受験者',
    scoring: '採点',
    notifications: '通知',
    account: 'マイアカウント',
    loading: 'メニューを読み込み中…',
    unavailable: 'メニューを読み込めませんでした。',
  },
  header: {
    notifications: '通知',
    userMenu: 'アカウントメニュー',
    accountType: 'アカウント種別',
    settings: 'アカウント設定',
    logout: 'ログアウト',
    language: '言語',
  },
  auth: {
    email: 'メールアドレス',
    password: 'パスワード',
    firstname: '名',
    lastname: '姓',
    confirmPassword: 'パスワード（確認）',
    pleaseWait: 'お待ちください…',
    submit: '送信',
    cancel: 'キャンセル',
    login: {
      title: 'ログイン',
      newHere: '初めてですか？',
      createAccount: 'アカウントを作成',
      forgot: 'パスワードをお忘れですか？',
      submit: '続行',
    },
    register: {
      title: 'アカウントを作成',
      haveAccount: 'すでにアカウントをお持ちですか？',
      signIn: 'こちらからログイン',
      accept: '次に同意します：',
      terms: '利用規約',
    },
    forgot: {
      title: 'パスワードをお忘れですか？',
      hint: 'パスワードを再設定するメールアドレスを入力してください。',
    },
    reset: {
      title: '新しいパスワードの設定',
      hint: 'アカウントの新しいパスワードを入力してください。',
      submit: 'パスワードを保存',
      backToLogin: 'ログインに戻る',
    },
    terms: { title: '利用規約', back: '登録に戻る' },
    footer: { about: '概要', contact: 'お問い合わせ', news: 'ニュース' },
  },
  error: {
    notFound: { title: 'ページが見つかりません', text: 'お探しのページは存在しません。' },
    system: { title: 'システムエラー', text: '問題が発生しました。しばらくしてから再度お試しください。' },
    home: 'ホームへ戻る',
  },
  pagination: {
    showing: '{{total}} 件中 {{from}} ～ {{to}} 件を表示',
    previous: '前へ',
    next: '次へ',
  },
  common: {
    loading: '読み込み中…',
    retry: '再試行',
    close: '閉じる',
    scrollTop: 'ページの先頭へ',
    breadcrumb: 'パンくずリスト',
    home: 'ホーム',
  },
  dashboard: { title: 'ダッシュボード' },
  account: { title: 'アカウント概要', name: '名前', email: 'メールアドレス', type: 'アカウント種別' },
};

const zh: Translation<Chrome> = {
  menu: {
    toggle: '展开或收起菜单',
    navigation: '主菜单',
    dashboard: '仪表板',
    section: {
      assets: '资源',
      learning: '教学',
      settings: '设置',
      competition: '竞赛',
      system: '系统',
      reports: '报表',
    },
    products: '课程',
    teachers: '教师',
    students: '学员',
    schedules: '课程表',
    classes: '班级',
    reports: '报表',
    accounts: '员工账户',
    notificationSettings: '通知设置',
    roles: '角色',
    centers: '中心',
    rooms: '教室',
    discounts: '折扣',
    productTypes: '产品类型',
    vendors: '教学方式',
    variantGroups: '规格组',
    variants: '规格',
    auditLog: '审计日志',
    areas: '功能区',
    competitions: '活动',
    topics: '科目',
    examineeTypes: '考生组别',
    rounds: '轮次',
    examinees: '考生',
    scoring: '评分',
    notifications: '通知',
    account: '我的账户',
    loading: '正在加载菜单…',
    unavailable: '无法加载菜单。',
  },
  header: {
    notifications: '通知',
    userMenu: '账户菜单',
    accountType: '账户类型',
    settings: '账户设置',
    logout: '退出登录',
    language: '语言',
  },
  auth: {
    email: '邮箱',
    password: '密码',
    firstname: '名',
    lastname: '姓',
    confirmPassword: '确认密码',
    pleaseWait: '请稍候…',
    submit: '提交',
    cancel: '取消',
    login: {
      title: '登录',
      newHere: '新用户？',
      createAccount: '创建账户',
      forgot: '忘记密码？',
      submit: '继续',
    },
    register: {
      title: '创建账户',
      haveAccount: '已有账户？',
      signIn: '在此登录',
      accept: '我接受',
      terms: '条款和条件',
    },
    forgot: { title: '忘记密码？', hint: '输入您的邮箱以重置密码。' },
    reset: {
      title: '设置新密码',
      hint: '请输入账户的新密码。',
      submit: '保存密码',
      backToLogin: '返回登录',
    },
    terms: { title: '条款和条件', back: '返回注册' },
    footer: { about: '关于', contact: '联系我们', news: '新闻' },
  },
  error: {
    notFound: { title: '页面未找到', text: '您要查找的页面不存在。' },
    system: { title: '系统错误', text: '出现问题，请稍后再试。' },
    home: '返回首页',
  },
  pagination: {
    showing: '显示第 {{from}} 至 {{to}} 条，共 {{total}} 条',
    previous: '上一页',
    next: '下一页',
  },
  common: {
    loading: '加载中…',
    retry: '重试',
    close: '关闭',
    scrollTop: '回到顶部',
    breadcrumb: '面包屑导航',
    home: '首页',
  },
  dashboard: { title: '仪表板' },
  account: { title: '账户概览', name: '姓名', email: '邮箱', type: '账户类型' },
};

/** The chrome strings of every language (exported for tests and for checking remotes' keys). */
export const CHROME_TRANSLATIONS: Record<Language, Bundle> = { en, de, es, fr, ja, zh };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
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

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    LANGUAGES.map((lng) => [lng, { [DEFAULT_NAMESPACE]: CHROME_TRANSLATIONS[lng] }]),
  ),
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: DEFAULT_NAMESPACE,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

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

/** Switches the interface language and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this visit only
  }
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export { useTranslation, Trans, I18nextProvider } from 'react-i18next';
