/**
 * A student's family, opened from the student's row or from its edit form: its guardians ("Phụ huynh",
 * for those who may read the student: User GetOne; written by those who may edit it: User Update) and the
 * messages sent to them ("Tin đã gửi", for those who may read the delivery log: NotificationSetting GetAll),
 * as two tabs when the user may see both.
 */
import type { Guardian } from '@trungtam/shared/contracts/familyMessages';
import { useCurrentUser } from '@trungtam/shared/session';
import { FullscreenModal, Stack, Tabs, Text } from '@trungtam/shared/ui';
import { familyPermissions, type StudentFamilyTab } from './familyPermissions';
import { GuardiansPanel } from './GuardiansPanel';
import { StudentMessagesPanel } from './StudentMessagesPanel';

export const STUDENT_FAMILY_TEXTS = {
  title: (name: string) => `Phụ huynh của học viên ${name}`,
  guardians: 'Phụ huynh',
  messages: 'Tin đã gửi',
} as const;

export interface StudentFamilyModalProps {
  /** The student whose family is shown; null when closed. */
  student: { id: number; name: string; email?: string } | null;
  onClose: () => void;
  /** The tab shown first (default: the guardians, when the user may see them). */
  tab?: StudentFamilyTab;
  /** After every guardian write, with the student's guardians as the API answered them. */
  onGuardiansChanged?: (guardians: Guardian[]) => void;
  delayMs?: number;
}

export function StudentFamilyModal({ student, onClose, tab, onGuardiansChanged, delayMs }: StudentFamilyModalProps) {
  const may = familyPermissions(useCurrentUser());
  const guardians = student && may.guardians && (
    <GuardiansPanel student={student} mayWrite={may.writeGuardians} onChanged={onGuardiansChanged} delayMs={delayMs} />
  );
  const messages = student && may.messages && <StudentMessagesPanel studentId={student.id} mayResend={may.resend} />;
  return (
    <FullscreenModal open={student !== null} onClose={onClose} initialFocus="close" title={student ? STUDENT_FAMILY_TEXTS.title(student.name) : ''}>
      {student && (
        <Stack gap="4" maxW="6xl" mx="auto">
          <Text color="fg.muted">
            {[student.name, `#${student.id}`, student.email].filter(Boolean).join(' · ')}
          </Text>
          {guardians && messages ? (
            <Tabs.Root defaultValue={tab ?? 'guardians'} lazyMount variant="line">
              <Tabs.List>
                <Tabs.Trigger value="guardians">{STUDENT_FAMILY_TEXTS.guardians}</Tabs.Trigger>
                <Tabs.Trigger value="messages">{STUDENT_FAMILY_TEXTS.messages}</Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="guardians">{guardians}</Tabs.Content>
              <Tabs.Content value="messages">{messages}</Tabs.Content>
            </Tabs.Root>
          ) : (
            guardians || messages
          )}
        </Stack>
      )}
    </FullscreenModal>
  );
}
