import { Fragment } from 'react';
import { Link as RouterLink } from '@trungtam/shared/router';
import { useTranslation } from '@trungtam/shared/i18n';
import type { ManifestRoute } from '@trungtam/shared/contracts';
import { ChevronRightIcon, HomeIcon } from '@trungtam/shared/icons';

/** The manifest route's trail (none on /dashboard or on the shell's own pages). */
export function Breadcrumbs({ route }: { route: ManifestRoute | undefined }) {
  const { t } = useTranslation();
  const trail = route?.breadcrumb ?? [];
  if (trail.length === 0) return null;
  return (
    <nav aria-label={t('common.breadcrumb')} className="frame-breadcrumb">
      <ol>
        <li>
          <RouterLink to="/dashboard" aria-label={t('common.home')} className="frame-breadcrumb__link">
            <HomeIcon />
          </RouterLink>
        </li>
        {trail.map((crumb, index) => (
          <Fragment key={`${crumb.titleKey}-${index}`}>
            <li role="presentation" aria-hidden="true" className="frame-breadcrumb__separator">
              <ChevronRightIcon size={14} />
            </li>
            <li>
              {index === trail.length - 1 ? (
                <span aria-current="page" className="frame-breadcrumb__current">
                  {t(crumb.titleKey, { defaultValue: crumb.label })}
                </span>
              ) : (
                <span>{t(crumb.titleKey, { defaultValue: crumb.label })}</span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
