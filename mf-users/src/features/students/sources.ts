/** A student's sources as the list and the form show them (apart from the form's schema: utils/payload.ts). */
import { STUDENT_SOURCES } from '@trungtam/shared/contracts';
import { STUDENT_SOURCE_LABELS, studentSourceLabel, UNKNOWN_SOURCE_LABEL } from '@trungtam/shared/labels';

/** '' (unknown) first, then the known sources. */
export const SOURCE_OPTIONS = [
  { value: '', label: UNKNOWN_SOURCE_LABEL },
  ...STUDENT_SOURCES.map((source) => ({ value: source, label: STUDENT_SOURCE_LABELS[source] })),
];

export const sourceLabel = studentSourceLabel;
