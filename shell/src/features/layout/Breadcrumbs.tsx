import { Fragment } from 'react';
import { Link as RouterLink } from '@trungtam/shared/router';
import { Breadcrumb } from '@trungtam/shared/ui/base';
import { useTranslation } from '@trungtam/shared/i18n';
import type { ManifestRoute } from '@trungtam/shared/contracts';
import { HomeIcon } from '@trungtam/shared/icons';

/** The manifest route's trail (none on /dashboard or on the shell's own pages). */
export function Breadcrumbs({ route }: { route: ManifestRoute | undefined }) {
  const { t } = useTranslation();
  const trail = route?.breadcrumb ?? [];
  if (trail.length === 0) return null;
  return (
    <Breadcrumb.Root aria-label={t('common.breadcrumb')} mb="4">
      <Breadcrumb.List>
        <Breadcrumb.Item>
          <Breadcrumb.Link asChild>
            <RouterLink to="/dashboard" aria-label={t('common.home')}>
              <HomeIcon />
            </RouterLink>
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        {trail.map((crumb, index) => (
          <Fragment key={`${crumb.titleKey}-${index}`}>
            <Breadcrumb.Separator />
            <Breadcrumb.Item>
              {index === trail.length - 1 ? (
                <Breadcrumb.CurrentLink>{t(crumb.titleKey, { defaultValue: crumb.label })}</Breadcrumb.CurrentLink>
              ) : (
                <span>{t(crumb.titleKey, { defaultValue: crumb.label })}</span>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
