/**
 * The users area's own interface-chrome texts (its menu entries and breadcrumb), in every language,
 * registered with the shared i18n instance when the area's code loads. The shell carries the same menu
 * keys so that the side menu is translated before the area is downloaded; `addTranslations` keeps keys
 * that already exist, so the two never fight. The screens' product texts are Vietnamese and are not here.
 */
import { addTranslations, type Language } from '@trungtam/shared/i18n';

type UsersChrome = {
  menu: { section: { assets: string; settings: string }; teachers: string; students: string; accounts: string };
};

export const USERS_TRANSLATIONS: Record<Language, UsersChrome> = {
  en: { menu: { section: { assets: 'Assets', settings: 'Settings' }, teachers: 'Teachers', students: 'Students', accounts: 'Staff accounts' } },
  de: { menu: { section: { assets: 'Bestand', settings: 'Einstellungen' }, teachers: 'Lehrkräfte', students: 'Lernende', accounts: 'Mitarbeiterkonten' } },
  es: { menu: { section: { assets: 'Recursos', settings: 'Configuración' }, teachers: 'Profesores', students: 'Alumnos', accounts: 'Cuentas del personal' } },
  fr: { menu: { section: { assets: 'Ressources', settings: 'Paramètres' }, teachers: 'Enseignants', students: 'Élèves', accounts: 'Comptes du personnel' } },
  ja: { menu: { section: { assets: 'リソース', settings: '設定' }, teachers: '講師', students: '受講生', accounts: 'スタッフアカウント' } },
  zh: { menu: { section: { assets: '资源', settings: '设置' }, teachers: '教师', students: '学员', accounts: '员工账户' } },
  vi: { menu: { section: { assets: 'Tài sản', settings: 'Cài đặt' }, teachers: 'Giáo viên', students: 'Học viên', accounts: 'Tài khoản giáo vụ' } },
};

addTranslations(USERS_TRANSLATIONS);
