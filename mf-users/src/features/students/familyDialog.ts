/** The student's family dialog (StudentFamilyModal.tsx) as the list and the edit form open it: its code downloads apart, when first opened. */
import { lazyDialog } from '@trungtam/shared/resource';

export const StudentFamilyDialog = lazyDialog(
  'StudentFamilyModal',
  () => import('./StudentFamilyModal').then((m) => m.StudentFamilyModal),
  (props) => props.student !== null,
);
