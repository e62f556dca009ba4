/**
 * The centre and class filters of the money screens (Công nợ, Sắp hết buổi): the centre only for those
 * who may list centres (a giáo vụ's lists are their centre's anyway), each with "Tất cả" as 0.
 */
import { can } from '@trungtam/shared/permissions';
import { FilterSelect } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { useCenterChoices, useClassChoices } from './lookups';

export interface CentreClassDraft {
  center_id: number;
  class_id: number;
}

interface CentreClassFiltersProps<D extends CentreClassDraft> {
  draft: D;
  setDraft: (draft: D) => void;
  labels: { center: string; className: string; all: string };
}

export function CentreClassFilters<D extends CentreClassDraft>({ draft, setDraft, labels }: CentreClassFiltersProps<D>) {
  const mayListCentres = can(useCurrentUser(), 'LearningCenter', 'GetAll');
  const centers = useCenterChoices({ enabled: mayListCentres });
  const classes = useClassChoices();
  return (
    <>
      {mayListCentres && (
        <FilterSelect
          label={labels.center}
          value={draft.center_id}
          options={[{ value: 0, label: labels.all }, ...centers.options]}
          onChange={(id) => setDraft({ ...draft, center_id: Number(id) })}
        />
      )}
      <FilterSelect
        label={labels.className}
        value={draft.class_id}
        options={[{ value: 0, label: labels.all }, ...classes.options]}
        onChange={(id) => setDraft({ ...draft, class_id: Number(id) })}
      />
    </>
  );
}
