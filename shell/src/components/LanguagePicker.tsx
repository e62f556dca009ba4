import { useTranslation, LANGUAGES, LANGUAGE_NAMES, setLanguage, isLanguage } from '@trungtam/shared/i18n';
import { NativeSelect } from '@trungtam/shared/ui/core';

export function LanguagePicker({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect.Root size={size} width="auto" variant="plain">
      <NativeSelect.Field
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
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
