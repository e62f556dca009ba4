import { memo } from 'react';
import { useTranslation } from '@trungtam/shared/i18n';
import { useCurrentUser } from '@trungtam/shared/session';
import { MenuIcon } from '@trungtam/shared/icons';
import { initialsOf, Logo } from '@trungtam/shared/ui/plain';
import { NotificationBell } from '../notifications/NotificationBell';
import { KitDropdown, type StandInProps } from './KitDropdown';

/** The account menu's button (the user's initials); its dropdown comes with the UI kit (AccountMenu.tsx). */
function AccountMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const button = (props: Partial<StandInProps>) => (
    <button type="button" className="frame-icon-button frame-icon-button--round" aria-label={t('header.userMenu')} {...props}>
      <span className="frame-initials" aria-hidden="true">
        {initialsOf(user?.name)}
      </span>
    </button>
  );
  return (
    <KitDropdown part="Menu" popup="menu" button={button}>
      {({ AccountMenuDropdown }) => <AccountMenuDropdown trigger={button({})} />}
    </KitDropdown>
  );
}

/** Memoised: the layout renders again when the manifest arrives, the header only when its props change. */
export const Header = memo(function Header({
  menuOpen,
  onToggleMenu,
  fixed = true,
  sideMenuShown = false,
  sideMenuId,
}: {
  menuOpen: boolean;
  /** The element of the side menu the toggle opens and closes, on a wide screen (a phone's is the drawer, made on opening). */
  sideMenuId?: string;
  /** The wide screen's side menu is open: it shows the logo and name, so the header does not repeat them. */
  sideMenuShown?: boolean;
  onToggleMenu: () => void;
  /** The builder's fixed-header setting: stays at the top while the page scrolls. */
  fixed?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <header className={`frame-header${fixed ? ' frame-header--fixed' : ''}`}>
      <button type="button" className="frame-icon-button" aria-label={t('menu.toggle')} aria-expanded={menuOpen} aria-controls={sideMenuId} onClick={onToggleMenu}>
        <MenuIcon />
      </button>
      <div className={`frame-header__brand${sideMenuShown ? ' frame-header__brand--beside-menu' : ''}`} data-testid="header-brand">
        <Logo size={32} />
        {/* the name in the theme's text colour, readable in light and dark mode */}
        <span aria-hidden="true" className="frame-header__name">
          Trung tâm
        </span>
      </div>
      <div className="frame-header__actions">
        <NotificationBell />
        <AccountMenu />
      </div>
    </header>
  );
});
