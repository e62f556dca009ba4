import { memo } from 'react';
import { NavLink } from '@trungtam/shared/router';
import { useTranslation } from '@trungtam/shared/i18n';
import type { RemoteManifest } from '@trungtam/shared/contracts';
import { DotIcon, ICONS } from '@trungtam/shared/icons';
import { warmUiKit } from '../../startup/uiKit';
import { buildMenu } from './menu';

/**
 * Memoised: the layout renders again for its own reasons (the header's state, a navigation) and the
 * menu, its largest part, only when the manifest or its loading state changes. Every page it leads to
 * but the dashboard takes the UI kit: a pointer over it, or the focus in it, starts that download.
 */
export const SideMenu = memo(function SideMenu({
  manifest,
  loading,
  onNavigate,
}: {
  manifest: RemoteManifest | undefined;
  loading: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const sections = buildMenu(manifest);
  const warm = () => warmUiKit();
  return (
    <nav aria-label={t('menu.navigation')} className="frame-menu" onPointerEnter={warm} onFocus={warm}>
      {sections.map((section) => (
        <ul key={section.key || 'main'} className="frame-menu__section">
          {section.key && <li className="frame-menu__title">{t(section.key, { defaultValue: section.label })}</li>}
          {section.items.map((item) => (
            <li key={item.path}>
              <NavLink to={item.path} onClick={onNavigate} className="frame-menu__link">
                <MenuIcon name={item.icon} />
                {t(item.titleKey, { defaultValue: item.label })}
              </NavLink>
            </li>
          ))}
        </ul>
      ))}
      {loading && (
        <div className="frame-menu__loading" aria-label={t('menu.loading')}>
          <span className="frame-skeleton frame-skeleton--title" />
          <span className="frame-skeleton frame-skeleton--item" />
          <span className="frame-skeleton frame-skeleton--item" />
        </div>
      )}
    </nav>
  );
});

/** The entry's icon from the shared set, or a dot when it names none (or one the set lacks). */
function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || DotIcon;
  return <Icon size={Icon === DotIcon ? 8 : 16} />;
}
