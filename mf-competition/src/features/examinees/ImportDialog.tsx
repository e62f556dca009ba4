/**
 * "Nhập từ Excel": the examinees of a sheet into one event, all or none. The dialog takes the event and
 * an .xlsx file (the template is one click away), sends them to POST /competition/examinee/import, and
 * on success says how many came in and refreshes the list. When the API refuses rows, nothing was
 * imported: the dialog stays open with every refused row and its reasons, so the user can fix the file
 * and send it again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { api, apiErrorOf, reasonOf, statusOf } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import { COMPETITION_LIMITS as L, COMPETITION_TEXT as T, type ExamineeImportDone, type ExamineeImportRefusalBody } from '@trungtam/shared/contracts/competition';
import { Alert, Box, Button, Dialog, ExportButton, Field, FileField, NativeSelect, notifySuccess, RecordDialog, Spinner, Stack, Table, Text, XLSX_ACCEPT } from '@trungtam/shared/ui';
import { useState } from 'react';
import { examinees } from '../../common/dataSources';

export const IMPORT_TEXTS = {
  open: 'Nhập từ Excel',
  title: 'Nhập thí sinh từ Excel',
  event: 'Cuộc thi',
  chooseEvent: 'Chọn cuộc thi',
  file: 'Tệp Excel (.xlsx)',
  help: 'Mỗi dòng là một thí sinh; các cột như tệp mẫu. Nếu có dòng bị từ chối, không thí sinh nào được nhập.',
  template: 'Tải tệp mẫu',
  submit: 'Nhập thí sinh',
  sending: 'Đang nhập...',
  close: 'Đóng',
  row: 'Dòng',
  reasons: 'Lý do',
  refusedTable: 'Các dòng bị từ chối',
  failed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
} as const;

type Refusal = ExamineeImportRefusalBody['error'];

/** The refusal of a sheet's rows, when the API answered one. */
function refusalOf(error: unknown): Refusal | null {
  const body = apiErrorOf(error) as { code: string; message: string; rows?: Refusal['rows'] } | null;
  return statusOf(error) === 400 && body?.code === 'IMPORT_REFUSED' && Array.isArray(body.rows) ? { code: 'IMPORT_REFUSED', message: body.message, rows: body.rows } : null;
}

/** What the file itself is wrong with, before sending it. */
function fileProblem(file: File | null): string | null {
  if (!file) return T.importFileRequired;
  if (!file.name.toLowerCase().endsWith('.xlsx')) return T.importFileInvalid;
  if (file.size > L.importBytesMax) return T.importTooLarge;
  return null;
}

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The event chosen at first (the list's filter; 0: none). */
  competitionId: number;
  events: ReadonlyArray<{ value: number; label: string }>;
}

export function ImportDialog({ open, onClose, competitionId, events }: ImportDialogProps) {
  return (
    <RecordDialog open={open} onClose={onClose} closeLabel={IMPORT_TEXTS.close}>
      {open && <ImportForm competitionId={competitionId} events={events} onClose={onClose} />}
    </RecordDialog>
  );
}

function ImportForm({ competitionId, events, onClose }: Omit<ImportDialogProps, 'open'>) {
  const queryClient = useQueryClient();
  const [eventId, setEventId] = useState(competitionId);
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const problem = !eventId ? T.competitionRequired : fileProblem(file);

  const send = async () => {
    setTouched(true);
    if (problem || !file) return;
    setSending(true);
    setFailure(null);
    setRefusal(null);
    const body = new FormData();
    body.append('competition_id', String(eventId));
    body.append('file', file);
    try {
      const response = await api.post<ApiData<ExamineeImportDone>>('/competition/examinee/import', body);
      notifySuccess(response.data.data.message);
      void queryClient.invalidateQueries({ queryKey: examinees.keys.all });
      onClose();
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) setRefusal(refused);
      // a file the API cannot read is named by its own message (not an .xlsx, too many rows…)
      else setFailure(statusOf(error) === 400 ? (apiErrorOf(error)?.message ?? IMPORT_TEXTS.failed) : reasonOf(error, IMPORT_TEXTS.failed));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{IMPORT_TEXTS.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            {IMPORT_TEXTS.help}
          </Text>
          <Field.Root required invalid={touched && !eventId}>
            <Field.Label>
              {IMPORT_TEXTS.event}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={String(eventId)} onChange={(event) => setEventId(Number(event.target.value))}>
                <option value="0">{IMPORT_TEXTS.chooseEvent}</option>
                {events.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {touched && !eventId && <Field.ErrorText>{T.competitionRequired}</Field.ErrorText>}
          </Field.Root>
          <FileField
            label={IMPORT_TEXTS.file}
            accept={XLSX_ACCEPT}
            problem={touched && eventId ? problem : null}
            onChange={(chosen) => {
              setFile(chosen);
              setTouched(true);
            }}
          />
          <Box>
            <ExportButton path="/competition/examinee/template" label={IMPORT_TEXTS.template} />
          </Box>
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          {refusal && <RefusedRows refusal={refusal} />}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={sending}>
          {IMPORT_TEXTS.close}
        </Button>
        <Button colorPalette="blue" onClick={() => void send()} disabled={sending || (touched && !!problem)}>
          {sending && <Spinner size="sm" aria-hidden="true" />}
          {sending ? IMPORT_TEXTS.sending : IMPORT_TEXTS.submit}
        </Button>
      </Dialog.Footer>
    </>
  );
}

/** Every refused row (1-based, as the sheet numbers them) with all its reasons. */
function RefusedRows({ refusal }: { refusal: Refusal }) {
  return (
    <Stack gap="3">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{refusal.message}</Alert.Title>
      </Alert.Root>
      <Box overflowX="auto" maxH="80" overflowY="auto" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label={IMPORT_TEXTS.refusedTable}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="20">{IMPORT_TEXTS.row}</Table.ColumnHeader>
              <Table.ColumnHeader>{IMPORT_TEXTS.reasons}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {refusal.rows.map((row) => (
              <Table.Row key={row.row}>
                <Table.Cell verticalAlign="top">{row.row}</Table.Cell>
                <Table.Cell>
                  <Stack as="ul" gap="1" listStyleType="disc" ps="4">
                    {row.errors.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </Stack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
