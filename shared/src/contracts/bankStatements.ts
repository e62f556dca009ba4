/** HTTP contract of bank statement reconciliation (/learning/bank-statement/*). Change with the API's schemas. */
import type { Static } from 'typebox';
import type {
  ColumnMappingSchema,
  StatementImportFields,
  StatementImportSchema,
  StatementLineAssignBody,
  StatementLineIgnoreBody,
  StatementLineListSchema,
  StatementLineQuery,
  StatementLineSchema,
  StatementPreviewSchema,
} from '../schemas/bankStatements';

export * from './rules/bankStatements';

export type ColumnMapping = Static<typeof ColumnMappingSchema>;
export type StatementPreview = Static<typeof StatementPreviewSchema>;
/** The import form's text fields (sent as multipart with the file). */
export type StatementImportFieldValues = Static<typeof StatementImportFields>;
export type StatementImportResult = Static<typeof StatementImportSchema>;
export type StatementLineFilters = Static<typeof StatementLineQuery>;
export type StatementLine = Static<typeof StatementLineSchema>;
export type StatementLineList = Static<typeof StatementLineListSchema>;
export type StatementLineAssignRequest = Static<typeof StatementLineAssignBody>;
export type StatementLineIgnoreRequest = Static<typeof StatementLineIgnoreBody>;
