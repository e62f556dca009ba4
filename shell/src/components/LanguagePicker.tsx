import { useTranslation, LANGUAGES, LANGUAGE_NAMES, setLanguage, isLanguage } from '@trungtam/shared/i18n';

/** The language of the interface, as a native select (the signed-out pages' footer: plain.css). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className="plain-select"
      aria-label={t('header.language')}
      value={i18n.resolvedLanguage}
      onChange={(e) => {
        if (isLanguage(e.target.value)) void setLanguage(e.target.value);
      }}
    >
      {LANGUAGES.map((lng) => (
        <option key={lng} value={lng}>
          {LANGUAGE_NAMES[lng]}
        </option>
      ))}
    </select>
  );
}
