/**
 * The form's recipient fields: the kind of target, then the choice that kind needs: an account type
 * (and optionally a centre), a centre, or one account picked from a search. A giáo vụ of a centre is
 * offered only that centre (the API limits their messages to it anyway).
 */
import type { Center } from '@trungtam/shared/contracts';
import { NOTIFICATION_TARGET_KINDS, type NotificationTargetKind, type NotificationTargetType } from '@trungtam/shared/contracts/notifications';
import { useOwnCenter } from '@trungtam/shared/lookups';
import { AccountPicker } from '@trungtam/shared/resource';
import { SelectField, SimpleGrid } from '@trungtam/shared/ui';
import { useFormikContext } from 'formik';
import { useCenterChoices } from './api';
import { NOTIFICATION_SETTINGS_TEXTS as T, TARGET_KIND_LABELS, TARGET_TYPE_OPTIONS } from './texts';

/** The form's target values: the kind, and the choice of each kind (0 / '' when none). */
export interface TargetValues {
  kind: NotificationTargetKind | '';
  type: NotificationTargetType | '';
  center_id: number;
  user_id: number;
  /** The chosen account as it reads (the picker's search results may not hold it). */
  user_label: string;
}

const KIND_OPTIONS = NOTIFICATION_TARGET_KINDS.map((kind) => ({ value: kind, label: TARGET_KIND_LABELS[kind] }));

function CenterField({ centers, optional }: { centers: Center[]; optional: boolean }) {
  const ownCenter = useOwnCenter();
  const choices = ownCenter ? centers.filter((center) => center.center_id === ownCenter) : centers;
  return (
    <SelectField
      name="center_id"
      label={T.center}
      options={choices.map((center) => ({ value: center.center_id, label: center.name }))}
      numeric
      required={!optional}
      // a group target may go to every centre, but a giáo vụ of a centre has only theirs
      placeholder={!optional ? T.centerPlaceholder : ownCenter ? undefined : T.everyCenter}
    />
  );
}

export function TargetFields() {
  const { values } = useFormikContext<TargetValues>();
  const centers = useCenterChoices(values.kind !== '' && values.kind !== 'user').data ?? [];
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <SelectField name="kind" label={T.kind} options={KIND_OPTIONS} placeholder={T.kindPlaceholder} required />
      {values.kind === 'type' && <SelectField name="type" label={T.type} options={TARGET_TYPE_OPTIONS} placeholder={T.typePlaceholder} required />}
      {(values.kind === 'type' || values.kind === 'all') && <CenterField centers={centers} optional />}
      {values.kind === 'center' && <CenterField centers={centers} optional={false} />}
      {values.kind === 'user' && (
        <AccountPicker name="user_id" labelName="user_label" texts={{ search: T.userSearch, field: T.user, placeholder: T.userPlaceholder, none: T.userNone }} />
      )}
    </SimpleGrid>
  );
}
