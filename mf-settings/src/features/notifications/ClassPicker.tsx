/**
 * One class chosen among those matching a search (the class list, already narrowed to the user's reach),
 * each with its centre: the resource kit's SearchPicker over the classes.
 */
import type { LearningClass } from '@trungtam/shared/contracts/learning';
import { SearchPicker } from '@trungtam/shared/resource';
import { useClassSearch } from './familyApi';

export const classLabel = (row: LearningClass) => (row.room?.center ? `${row.class_name} – ${row.room.center.name}` : row.class_name);

export interface ClassPickerProps {
  /** The form's field holding the chosen class's id (0: none), and the one holding how it reads. */
  name: string;
  labelName: string;
  texts: { search: string; field: string; placeholder: string; none: string };
}

/** The classes matching a search (its settled text), for the picker. */
const useClassMatches = (query: string) => useClassSearch(query, true).data ?? [];

export function ClassPicker({ name, labelName, texts }: ClassPickerProps) {
  return (
    <SearchPicker<LearningClass>
      name={name}
      labelName={labelName}
      texts={texts}
      useMatches={useClassMatches}
      idOf={(row) => row.class_id}
      labelOf={classLabel}
    />
  );
}
