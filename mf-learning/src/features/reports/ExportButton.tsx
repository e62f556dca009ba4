/**
 * "Xuất Excel": asks the API for the report's file and hands it to the browser as a download named
 * with its range. If the call fails (spec point 7: an error handler is called) an error toast says so
 * and the page stays as it was, usable.
 */
import { api } from '@trungtam/shared/api';
import { DownloadIcon } from '@trungtam/shared/icons';
import { Button, notifyError, Spinner } from '@trungtam/shared/ui';
import { useState } from 'react';

export const EXPORT_TEXTS = {
  idle: 'Xuất Excel',
  running: 'Đang xuất file...',
  failed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
} as const;

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportButton({ path, params, fileName, disabled }: { path: string; params: URLSearchParams; fileName: string; disabled?: boolean }) {
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const response = await api.get<Blob>(path, { params, responseType: 'blob' });
      saveFile(response.data, fileName);
    } catch {
      notifyError(EXPORT_TEXTS.failed);
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={run} disabled={running || disabled} aria-busy={running}>
      {running ? <Spinner size="xs" aria-hidden="true" /> : <DownloadIcon />}
      {running ? EXPORT_TEXTS.running : EXPORT_TEXTS.idle}
    </Button>
  );
}
