/**
 * The remote's exposed `./Area`: the screen of the manifest route the shell opened. The shell provides
 * the theme, the toaster, the query client and the breadcrumb; the Area renders only the page.
 */
import type { AreaProps } from '@trungtam/shared/contracts';
import { StaffAccountsPage } from './features/staff-accounts/StaffAccountsPage';
import { StudentsPage } from './features/students/StudentsPage';
import { TeachersPage } from './features/teachers/TeachersPage';
import { STAFF_ACCOUNTS_PATH, STUDENTS_PATH, TEACHERS_PATH } from './routes';

export default function Area({ path }: AreaProps) {
  switch (path.replace(/\/+$/, '')) {
    case TEACHERS_PATH:
      return <TeachersPage />;
    case STUDENTS_PATH:
      return <StudentsPage />;
    case STAFF_ACCOUNTS_PATH:
      return <StaffAccountsPage />;
    default:
      return null;
  }
}
