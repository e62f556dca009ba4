/**
 * "Nhập từ Excel" on the teachers and students lists: the template to download, the file (and, for an
 * administrator, the centre new accounts go to), a dry run (POST /user/import/check) whose every row is
 * listed with its result, filterable, then the commit of the accepted rows (POST /user/import/commit,
 * the button naming how many). The commit checks the file again: when the data changed since, the new
 * results replace the table and nothing is written. On success the list refreshes.
 */
import { useQueryClient } from '@tanstack/react-query';
import { api, apiErrorOf, reasonOf, statusOf } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import { isAdministrator } from '@trungtam/shared/permissions';
import {
  ACCOUNT_IMPORT_LIMITS as L,
  ACCOUNT_IMPORT_TEXT as T,
  type AccountImportDone,
  type AccountImportOutcome,
  type AccountImportReportBody,
  type AccountImportType,
} from '@trungtam/shared/schemas/accountImport';
import { useCurrentUser } from '@trungtam/shared/session';
import { Alert, Box, Button, Dialog, ExportButton, Field, FileField, HStack, NativeSelect, notifySuccess, RecordDialog, Spinner, Stack, Table, Tag, Text, XLSX_ACCEPT, type TagPalette } from '@trungtam/shared/ui';
import { useState } from 'react';
import { ACCOUNTS } from './accounts';
import { useCenters } from './lookups';

export const ACCOUNT_IMPORT_TEXTS = {
  title: { teacher: 'Nhập giáo viên từ Excel', student: 'Nhập học viên từ Excel' },
  help: 'Mỗi dòng là một tài khoản, các cột như tệp mẫu. Tài khoản đã có (cùng e-mail, hoặc cùng số điện thoại) được cập nhật. Kiểm tra tệp trước: chưa có gì được ghi cho tới khi bạn bấm nhập.',
  password: 'Tài khoản mới chưa có mật khẩu: người dùng đặt mật khẩu bằng "Quên mật khẩu" ở trang đăng nhập (thư gửi tới e-mail của họ).',
  template: 'Tải tệp mẫu',
  file: 'Tệp Excel (.xlsx)',
  centre: 'Trung tâm của tài khoản mới',
  noCentre: 'Không thuộc trung tâm nào',
  check: 'Kiểm tra tệp',
  checking: 'Đang kiểm tra...',
  commit: (count: number) => `Nhập ${count} tài khoản`,
  committing: 'Đang nhập...',
  close: 'Đóng',
  filter: 'Lọc kết quả',
  all: 'Tất cả',
  table: 'Kết quả từng dòng',
  row: 'Dòng',
  name: 'Họ và tên',
  email: 'E-mail',
  result: 'Kết quả',
  details: 'Chi tiết',
  matchedBy: { email: 'Khớp theo e-mail', phone: 'Khớp theo số điện thoại' },
  noRows: 'Không có dòng nào có kết quả này',
  failed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
} as const;

export const OUTCOME_LABELS: Record<AccountImportOutcome, string> = {
  create: 'Tạo mới',
  update: 'Cập nhật',
  refused: 'Bị từ chối',
  duplicate: 'Trùng trong tệp',
};
const OUTCOME_PALETTES: Record<AccountImportOutcome, TagPalette> = { create: 'green', update: 'blue', refused: 'red', duplicate: 'orange' };

/** What the file itself is wrong with, before sending it. */
function fileProblem(file: File | null): string | null {
  if (!file) return T.fileRequired;
  if (!file.name.toLowerCase().endsWith('.xlsx')) return T.fileInvalid;
  if (file.size > L.bytesMax) return T.fileTooLarge;
  return null;
}

/** The API's words for a refused form: its field's message (the file's, the centre's) or its own. */
function refusalText(error: unknown): string {
  if (statusOf(error) !== 400) return reasonOf(error, ACCOUNT_IMPORT_TEXTS.failed);
  const body = apiErrorOf(error) as { message?: string; fields?: Record<string, string> } | null;
  return Object.values(body?.fields ?? {})[0] ?? body?.message ?? ACCOUNT_IMPORT_TEXTS.failed;
}

export interface AccountImportDialogProps {
  open: boolean;
  type: AccountImportType;
  onClose: () => void;
}

export function AccountImportDialog({ open, type, onClose }: AccountImportDialogProps) {
  return (
    <RecordDialog open={open} onClose={onClose} closeLabel={ACCOUNT_IMPORT_TEXTS.close} size="xl">
      {open && <ImportForm type={type} onClose={onClose} />}
    </RecordDialog>
  );
}

function ImportForm({ type, onClose }: Omit<AccountImportDialogProps, 'open'>) {
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const admin = isAdministrator(me);
  const centers = useCenters(admin);
  const [centerId, setCenterId] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState<'check' | 'commit' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [report, setReport] = useState<AccountImportReportBody | null>(null);
  const [shown, setShown] = useState<AccountImportOutcome | ''>('');
  const problem = fileProblem(file);
  const accepted = report ? report.counts.create + report.counts.update : 0;

  const form = (plan?: string) => {
    const body = new FormData();
    body.append('type', type);
    if (centerId) body.append('center_id', String(centerId));
    if (plan) body.append('plan', plan);
    body.append('file', file as File);
    return body;
  };
  const restart = () => {
    setReport(null);
    setNotice(null);
    setFailure(null);
  };

  const check = async () => {
    setTouched(true);
    if (problem) return;
    setBusy('check');
    restart();
    try {
      const response = await api.post<ApiData<AccountImportReportBody>>('/user/import/check', form());
      setReport(response.data.data);
      setShown('');
    } catch (error) {
      setFailure(refusalText(error));
    } finally {
      setBusy(null);
    }
  };

  const commit = async () => {
    if (!report) return;
    setBusy('commit');
    setFailure(null);
    try {
      const response = await api.post<ApiData<AccountImportDone>>('/user/import/commit', form(report.plan));
      notifySuccess(response.data.data.message);
      void queryClient.invalidateQueries({ queryKey: ACCOUNTS[type].keys.all });
      onClose();
    } catch (error) {
      const body = apiErrorOf(error) as { code?: string; message?: string; report?: AccountImportReportBody } | null;
      if (statusOf(error) === 409 && body?.code === 'IMPORT_CHANGED' && body.report) {
        setReport(body.report);
        setNotice(body.message ?? T.changed);
      } else setFailure(refusalText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{ACCOUNT_IMPORT_TEXTS.title[type]}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            {ACCOUNT_IMPORT_TEXTS.help}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {ACCOUNT_IMPORT_TEXTS.password}
          </Text>
          <Box>
            <ExportButton path="/user/import/template" params={{ type }} label={ACCOUNT_IMPORT_TEXTS.template} />
          </Box>
          {admin && (
            <Field.Root>
              <Field.Label>{ACCOUNT_IMPORT_TEXTS.centre}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={String(centerId)}
                  onChange={(event) => {
                    setCenterId(Number(event.target.value));
                    restart();
                  }}
                >
                  <option value="0">{ACCOUNT_IMPORT_TEXTS.noCentre}</option>
                  {(centers.data ?? []).map((center) => (
                    <option key={center.center_id} value={center.center_id}>
                      {center.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
          <FileField
            label={ACCOUNT_IMPORT_TEXTS.file}
            accept={XLSX_ACCEPT}
            problem={touched ? problem : null}
            onChange={(chosen) => {
              setFile(chosen);
              setTouched(true);
              restart();
            }}
          />
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          {notice && (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Title>{notice}</Alert.Title>
            </Alert.Root>
          )}
          {report && <ReportTable report={report} shown={shown} onShow={setShown} />}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Button variant="outline" onClick={onClose} disabled={busy !== null}>
          {ACCOUNT_IMPORT_TEXTS.close}
        </Button>
        {report ? (
          <Button colorPalette="blue" onClick={() => void commit()} disabled={busy !== null || accepted === 0}>
            {busy === 'commit' && <Spinner size="sm" aria-hidden="true" />}
            {busy === 'commit' ? ACCOUNT_IMPORT_TEXTS.committing : ACCOUNT_IMPORT_TEXTS.commit(accepted)}
          </Button>
        ) : (
          <Button colorPalette="blue" onClick={() => void check()} disabled={busy !== null || (touched && !!problem)}>
            {busy === 'check' && <Spinner size="sm" aria-hidden="true" />}
            {busy === 'check' ? ACCOUNT_IMPORT_TEXTS.checking : ACCOUNT_IMPORT_TEXTS.check}
          </Button>
        )}
      </Dialog.Footer>
    </>
  );
}

interface ReportTableProps {
  report: AccountImportReportBody;
  shown: AccountImportOutcome | '';
  onShow: (outcome: AccountImportOutcome | '') => void;
}

/** The counts, the result filter and every row (1-based, as the sheet numbers them) with its result; on a phone the table scrolls sideways. */
function ReportTable({ report, shown, onShow }: ReportTableProps) {
  const rows = shown ? report.rows.filter((row) => row.outcome === shown) : report.rows;
  const outcomes = Object.keys(OUTCOME_LABELS) as AccountImportOutcome[];
  return (
    <Stack gap="3">
      <HStack gap="2" flexWrap="wrap" aria-label={ACCOUNT_IMPORT_TEXTS.result}>
        {outcomes.map((outcome) => (
          <Tag key={outcome} palette={OUTCOME_PALETTES[outcome]}>
            {`${OUTCOME_LABELS[outcome]}: ${report.counts[outcome]}`}
          </Tag>
        ))}
      </HStack>
      <Field.Root maxW={{ base: 'full', sm: '60' }}>
        <Field.Label>{ACCOUNT_IMPORT_TEXTS.filter}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={shown} onChange={(event) => onShow(event.target.value as AccountImportOutcome | '')}>
            <option value="">{`${ACCOUNT_IMPORT_TEXTS.all} (${report.rows.length})`}</option>
            {outcomes.map((outcome) => (
              <option key={outcome} value={outcome}>
                {`${OUTCOME_LABELS[outcome]} (${report.counts[outcome]})`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Box overflowX="auto" maxH="96" overflowY="auto" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" minW="36rem" aria-label={ACCOUNT_IMPORT_TEXTS.table}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="16">{ACCOUNT_IMPORT_TEXTS.row}</Table.ColumnHeader>
              <Table.ColumnHeader>{ACCOUNT_IMPORT_TEXTS.name}</Table.ColumnHeader>
              <Table.ColumnHeader>{ACCOUNT_IMPORT_TEXTS.email}</Table.ColumnHeader>
              <Table.ColumnHeader>{ACCOUNT_IMPORT_TEXTS.result}</Table.ColumnHeader>
              <Table.ColumnHeader>{ACCOUNT_IMPORT_TEXTS.details}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={5}>{ACCOUNT_IMPORT_TEXTS.noRows}</Table.Cell>
              </Table.Row>
            )}
            {rows.map((row) => (
              <Table.Row key={row.row}>
                <Table.Cell verticalAlign="top">{row.row}</Table.Cell>
                <Table.Cell verticalAlign="top">{row.name}</Table.Cell>
                <Table.Cell verticalAlign="top" overflowWrap="anywhere">
                  {row.email}
                </Table.Cell>
                <Table.Cell verticalAlign="top">
                  <Tag palette={OUTCOME_PALETTES[row.outcome]}>{OUTCOME_LABELS[row.outcome]}</Tag>
                </Table.Cell>
                <Table.Cell>
                  {row.errors.length > 0 ? (
                    <Stack as="ul" gap="1" listStyleType="disc" ps="4">
                      {row.errors.map((reason) => (
                        <li key={reason}>{reason}</li>
                      ))}
                    </Stack>
                  ) : (
                    row.matched_by && ACCOUNT_IMPORT_TEXTS.matchedBy[row.matched_by]
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
