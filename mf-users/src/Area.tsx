/**
 * The remote's exposed `./Area`: the screen of the manifest route the shell opened. The shell provides
 * the theme, the toaster, the query client and the breadcrumb; the Area renders only the page.
 */
import type { AreaProps } from '@trungtam/shared/contracts';
import { TeachersPage } from './features/teachers/components/TeachersPage';
import { TEACHERS_PATH } from './routes';

export default function Area({ path }: AreaProps) {
  switch (path.replace(/\/+$/, '')) {
    case TEACHERS_PATH:
      return <TeachersPage />;
    default:
      return null;
  }
}
