/**
 * Approving a self-registered student: the centre (a giáo vụ of a centre: theirs, chosen for them) and,
 * optionally, a class of that centre with a discount its course allows. The API makes the enrolment.
 */
import { useQuery } from '@tanstack/react-query';
import { isAdministrator } from '@trungtam/shared/permissions';
import type { ApproveAccountRequest, User } from '@trungtam/shared/contracts';
import { FormModal } from '@trungtam/shared/resource';
import { SelectField, Stack } from '@trungtam/shared/ui';
import { useCurrentUser } from '@trungtam/shared/session';
import * as yup from 'yup';
import { useCenters } from '../../common/lookups';
import { APPROVAL_TEXTS as T, useApproveAccount } from './approval';
import { discountsForClass } from './enrollment';
import { enrollmentKeys, getClassChoices, getDiscounts } from './enrollmentApi';

interface ApproveValues {
  center_id: number;
  class_id: number;
  discount_id: number;
}

const schema = yup.object({
  center_id: yup.number().min(1, T.centreRequired).required(T.centreRequired),
  class_id: yup.number(),
  discount_id: yup.number().when('class_id', { is: (id: number) => id > 0, then: (s) => s.min(1, T.discountRequired) }),
});

export interface ApproveDialogProps {
  student: User | null;
  onClose: () => void;
  delayMs?: number;
}

export function ApproveDialog({ student, onClose, delayMs }: ApproveDialogProps) {
  const me = useCurrentUser();
  // a giáo vụ of a centre approves into it (the API refuses another)
  const ownCentre = !isAdministrator(me) && me?.type === 'academic_affair' && me.center_id ? me.center_id : null;
  const open = student !== null;
  const centres = useCenters(open);
  const classes = useQuery({ queryKey: enrollmentKeys.classes, queryFn: getClassChoices, enabled: open });
  const discounts = useQuery({ queryKey: enrollmentKeys.discounts, queryFn: getDiscounts, enabled: open });
  const approve = useApproveAccount();
  return (
    <FormModal<ApproveValues, User>
      open={open}
      onClose={onClose}
      record={student}
      recordId={(user) => user.id}
      texts={{ createTitle: T.title, editTitle: `${T.title}: ${student?.name ?? ''}`, createSubmit: T.submit, editSubmit: T.submit }}
      successMessages={{ create: T.approved, edit: T.approved }}
      failureMessages={{ create: T.approveFailed, edit: T.approveFailed }}
      initialValues={{ center_id: ownCentre ?? 0, class_id: 0, discount_id: 0 }}
      validationSchema={schema}
      create={async () => null}
      update={(user, values) =>
        approve.mutateAsync({
          user_id: user.id,
          center_id: values.center_id,
          ...(values.class_id ? { class_id: values.class_id, discount_id: values.discount_id } : {}),
        } satisfies ApproveAccountRequest)
      }
      delayMs={delayMs}
      sections={(formik) => {
        const centreClasses = (classes.data ?? []).filter((c) => c.center_id === formik.values.center_id);
        const chosen = centreClasses.find((c) => c.class_id === formik.values.class_id);
        return [
          {
            title: T.section,
            content: (
              <Stack gap="4">
                <SelectField
                  name="center_id"
                  label={T.centre}
                  required
                  numeric
                  disabled={ownCentre !== null}
                  placeholder={T.centrePlaceholder}
                  options={(centres.data ?? []).map((c) => ({ value: c.center_id, label: c.name }))}
                />
                <SelectField
                  name="class_id"
                  label={T.klass}
                  numeric
                  helperText={T.klassHelp}
                  placeholder={T.klassPlaceholder}
                  disabled={!formik.values.center_id}
                  options={centreClasses.map((c) => ({ value: c.class_id, label: c.class_name }))}
                />
                {formik.values.class_id > 0 && (
                  <SelectField
                    name="discount_id"
                    label={T.discount}
                    required
                    numeric
                    placeholder={T.discountPlaceholder}
                    options={discountsForClass(chosen, discounts.data ?? []).map((d) => ({ value: d.discount_id, label: `${d.name} (${d.discount_percent}%)` }))}
                  />
                )}
              </Stack>
            ),
          },
        ];
      }}
    />
  );
}
