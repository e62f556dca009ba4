/** Export: downloads the filtered students as `<today>_students-file.xlsx`, with a progress state. */
import { Button, Spinner, notifyError } from '@trungtam/shared/ui';
import { useState } from 'react';
import { DownloadIcon } from '@trungtam/shared/icons';
import { exportStudents, saveFile } from '../api/students';
import type { StudentFilters } from '../types';

export const EXPORT_TEXTS = {
  idle: 'Export',
  running: 'Đang xuất file...',
  failed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
} as const;

export function ExportButton({ filters }: { filters: StudentFilters }) {
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const { blob, fileName } = await exportStudents(filters);
      saveFile(blob, fileName);
    } catch {
      notifyError(EXPORT_TEXTS.failed);
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={run} disabled={running} aria-busy={running}>
      {running ? <Spinner size="xs" aria-hidden="true" /> : <DownloadIcon />}
      {running ? EXPORT_TEXTS.running : EXPORT_TEXTS.idle}
    </Button>
  );
}
