/**
 * "Tải sao kê": a bank statement in three steps. 1. the bank (NAPAS list, or another), the centre whose
 * account it is (an administrator chooses; a giáo vụ's is their own) and the file (.xlsx or .csv as the
 * bank exports it), sent to the preview; 2. the date, amount and description columns, prefilled with the
 * bank's saved columns (or the guess from the headers), over the first rows of the file; 3. what the
 * import did: lines read, new, already imported, recorded, waiting, skipped. Nothing is written before the
 * second step's "Nhập sao kê".
 */
import { api, apiErrorOf, refusalOf } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import { BANKS } from '@trungtam/shared/contracts/banks';
import {
  BANK_STATEMENT_LIMITS as L,
  BANK_STATEMENT_TEXT as BT,
  OTHER_BANK_KEY,
  type ColumnMapping,
  type StatementImportResult,
  type StatementPreview,
} from '@trungtam/shared/contracts/bankStatements';
import { isAdministrator } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { Alert, Box, Button, Dialog, Fact, Field, FileField, NativeSelect, notifySuccess, RecordDialog, SimpleGrid, Spinner, Stack, Table, Text, XLSX_ACCEPT } from '@trungtam/shared/ui';
import { useState, type ReactNode } from 'react';
import { useCenterChoices } from '../../common/lookups';

export const UPLOAD_TEXTS = {
  title: 'Tải sao kê ngân hàng',
  bank: 'Ngân hàng',
  chooseBank: 'Chọn ngân hàng',
  otherBank: 'Ngân hàng khác',
  centre: 'Trung tâm',
  allCentres: 'Mọi trung tâm',
  file: 'Tệp sao kê (.xlsx hoặc .csv)',
  help: 'Tải tệp sao kê như ngân hàng xuất ra. Các dòng có mã thanh toán (TT…) của một đơn hàng được ghi nhận thanh toán; các dòng khác chờ bạn gán đơn hàng hoặc bỏ qua.',
  preview: 'Xem trước',
  previewing: 'Đang đọc tệp...',
  columnsHelp: (saved: boolean) => (saved ? 'Các cột đã lưu cho ngân hàng này.' : 'Các cột được đoán từ dòng tiêu đề: kiểm tra lại trước khi nhập.'),
  dateColumn: 'Cột ngày giao dịch',
  amountColumn: 'Cột số tiền ghi có',
  descriptionColumn: 'Cột nội dung',
  chooseColumn: 'Chọn cột',
  firstRows: 'Các dòng đầu của tệp',
  headerRow: (row: number) => `Dòng tiêu đề: dòng ${row} của tệp`,
  back: 'Quay lại',
  submit: 'Nhập sao kê',
  sending: 'Đang nhập...',
  close: 'Đóng',
  showLines: 'Xem các dòng của sao kê này',
  linesRead: 'Dòng đã đọc',
  newLines: 'Dòng mới',
  alreadyImported: 'Đã nhập trước đó',
  matched: 'Đã khớp đơn hàng',
  unmatched: 'Cần xử lý',
  skippedDebits: 'Bỏ qua (ghi nợ)',
  skippedInvalid: 'Không đọc được',
  invalidRows: (rows: number[]) => `Các dòng không đọc được ngày hoặc số tiền: ${rows.join(', ')}`,
  failed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
} as const;
const U = UPLOAD_TEXTS;

type Step = { kind: 'file' } | { kind: 'mapping'; preview: StatementPreview } | { kind: 'done'; result: StatementImportResult };

/** What the file itself is wrong with, before sending it. */
function fileProblem(file: File | null): string | null {
  if (!file) return BT.fileRequired;
  if (!/\.(xlsx|csv)$/i.test(file.name)) return BT.fileInvalid;
  if (file.size > L.fileBytesMax) return BT.fileTooLarge;
  return null;
}

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** After an import: the statement's id. */
  onImported: (statementId: number) => void;
}

export function UploadDialog({ open, onClose, onImported }: UploadDialogProps) {
  return (
    <RecordDialog open={open} onClose={onClose} closeLabel={U.close}>
      {open && <UploadSteps onClose={onClose} onImported={onImported} />}
    </RecordDialog>
  );
}

function Select({ label, value, onChange, error, children }: { label: string; value: string; onChange: (value: string) => void; error?: string | null; children: ReactNode }) {
  return (
    <Field.Root required invalid={!!error}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

function UploadSteps({ onClose, onImported }: Omit<UploadDialogProps, 'open'>) {
  const me = useCurrentUser();
  const choosesCentre = isAdministrator(me) || (me?.type === 'academic_affair' && !me.center_id);
  const centres = useCenterChoices({ enabled: choosesCentre });
  const [bankKey, setBankKey] = useState('');
  const [centerId, setCenterId] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'file' });
  const [mapping, setMapping] = useState<ColumnMapping>({ date_column: '', amount_column: '', description_column: '' });
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const problem = fileProblem(file);

  /** A refusal's messages: on their fields when the step shows them, else above. */
  const refused = (error: unknown) => {
    const fields = apiErrorOf(error)?.fields ?? {};
    const { file: onFile, ...rest } = fields;
    setFieldErrors(rest);
    setFailure(onFile ?? (Object.keys(rest).length ? null : refusalOf(error, U.failed)));
  };

  const formOf = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('file', file!);
    return body;
  };

  const preview = async () => {
    setTouched(true);
    if (!bankKey || problem) return;
    setSending(true);
    setFailure(null);
    setFieldErrors({});
    try {
      const response = await api.post<ApiData<StatementPreview>>('/learning/bank-statement/preview', formOf({ bank_key: bankKey }));
      const answer = response.data.data;
      setMapping(answer.mapping);
      setStep({ kind: 'mapping', preview: answer });
    } catch (error) {
      refused(error);
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    setSending(true);
    setFailure(null);
    setFieldErrors({});
    try {
      const response = await api.post<ApiData<StatementImportResult>>(
        '/learning/bank-statement/import',
        formOf({ bank_key: bankKey, ...(centerId ? { center_id: String(centerId) } : {}), ...mapping }),
      );
      const result = response.data.data;
      notifySuccess(result.message);
      onImported(result.statement_id);
      setStep({ kind: 'done', result });
    } catch (error) {
      refused(error);
    } finally {
      setSending(false);
    }
  };

  const columnMissing = (field: keyof ColumnMapping) => fieldErrors[field] ?? (touched && step.kind === 'mapping' && !mapping[field] ? BT.column : null);
  const distinct = new Set(Object.values(mapping)).size === 3;

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{U.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {step.kind === 'file' && (
            <>
              <Text fontSize="sm" color="fg.muted">
                {U.help}
              </Text>
              <Select label={U.bank} value={bankKey} onChange={setBankKey} error={fieldErrors.bank_key ?? (touched && !bankKey ? BT.bankKey : null)}>
                <option value="">{U.chooseBank}</option>
                {BANKS.map((bank) => (
                  <option key={bank.bin} value={bank.bin}>
                    {bank.shortName} — {bank.name}
                  </option>
                ))}
                <option value={OTHER_BANK_KEY}>{U.otherBank}</option>
              </Select>
              {choosesCentre && (
                <Select label={U.centre} value={String(centerId)} onChange={(value) => setCenterId(Number(value))} error={fieldErrors.center_id}>
                  <option value="0">{U.allCentres}</option>
                  {centres.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              )}
              <FileField
                label={U.file}
                accept={`${XLSX_ACCEPT},.csv,text/csv`}
                problem={touched ? problem : null}
                onChange={(chosen) => {
                  setFile(chosen);
                  setFailure(null);
                }}
              />
            </>
          )}
          {step.kind === 'mapping' && (
            <>
              <Text fontSize="sm" color="fg.muted">
                {U.columnsHelp(step.preview.mapping_saved)} {U.headerRow(step.preview.header_row)}
              </Text>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                {(
                  [
                    ['date_column', U.dateColumn],
                    ['amount_column', U.amountColumn],
                    ['description_column', U.descriptionColumn],
                  ] as const
                ).map(([field, label]) => (
                  <Select key={field} label={label} value={mapping[field]} onChange={(value) => setMapping({ ...mapping, [field]: value })} error={columnMissing(field)}>
                    <option value="">{U.chooseColumn}</option>
                    {step.preview.columns.map((column) => (
                      <option key={column} value={column}>
                        {column}
                      </option>
                    ))}
                  </Select>
                ))}
              </SimpleGrid>
              {!distinct && mapping.date_column && mapping.amount_column && mapping.description_column && (
                <Text color="fg.error" fontSize="sm">
                  {BT.columnsDistinct}
                </Text>
              )}
              <Box overflowX="auto" maxH="72" overflowY="auto" borderWidth="1px" borderRadius="md">
                <Table.Root size="sm" aria-label={U.firstRows}>
                  <Table.Header>
                    <Table.Row>
                      {step.preview.columns.map((column) => (
                        <Table.ColumnHeader key={column} whiteSpace="nowrap" color={Object.values(mapping).includes(column) ? 'fg' : 'fg.muted'}>
                          {column}
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {step.preview.rows.map((cells, i) => (
                      <Table.Row key={i}>
                        {cells.map((cell, j) => (
                          <Table.Cell key={j}>{cell}</Table.Cell>
                        ))}
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            </>
          )}
          {step.kind === 'done' && <ImportSummary result={step.result} />}
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {step.kind === 'file' && (
          <>
            <Button variant="outline" onClick={onClose} disabled={sending}>
              {U.close}
            </Button>
            <Button colorPalette="blue" onClick={() => void preview()} disabled={sending}>
              {sending && <Spinner size="sm" aria-hidden="true" />}
              {sending ? U.previewing : U.preview}
            </Button>
          </>
        )}
        {step.kind === 'mapping' && (
          <>
            <Button variant="outline" onClick={() => setStep({ kind: 'file' })} disabled={sending}>
              {U.back}
            </Button>
            <Button
              colorPalette="blue"
              onClick={() => {
                setTouched(true);
                if (distinct && mapping.date_column && mapping.amount_column && mapping.description_column) void submit();
              }}
              disabled={sending}
            >
              {sending && <Spinner size="sm" aria-hidden="true" />}
              {sending ? U.sending : U.submit}
            </Button>
          </>
        )}
        {step.kind === 'done' && (
          <Button colorPalette="blue" onClick={onClose}>
            {U.showLines}
          </Button>
        )}
      </Dialog.Footer>
    </>
  );
}

function ImportSummary({ result }: { result: StatementImportResult }) {
  return (
    <Stack gap="3">
      <Alert.Root status={result.unmatched ? 'warning' : 'success'}>
        <Alert.Indicator />
        <Alert.Title>{result.message}</Alert.Title>
      </Alert.Root>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Fact label={U.linesRead}>{result.lines_read}</Fact>
        <Fact label={U.newLines}>{result.new_lines}</Fact>
        <Fact label={U.alreadyImported}>{result.already_imported}</Fact>
        <Fact label={U.matched}>{result.matched}</Fact>
        <Fact label={U.unmatched}>{result.unmatched}</Fact>
        <Fact label={U.skippedDebits}>{result.skipped_debits}</Fact>
        <Fact label={U.skippedInvalid}>{result.skipped_invalid}</Fact>
      </SimpleGrid>
      {result.invalid_rows.length > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {U.invalidRows(result.invalid_rows)}
        </Text>
      )}
    </Stack>
  );
}
