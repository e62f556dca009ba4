/**
 * "Xuất Excel" and every other file the API hands out (an export, an import template): asks for the file
 * as a blob and gives it to the browser as a download, named as the screen says or, when it does not, as
 * the API's `Content-Disposition` names it. If the call fails
 * an error toast says so and the page stays as it was, usable. The kit's outline button on a plain
 * element (button.css): a list's toolbar draws it at each of the list's renders.
 */
import { useState, type ReactNode } from 'react';
import { api } from '@trungtam/shared/api';
import { DownloadIcon } from '@trungtam/shared/icons';
import { notifyError } from './toaster';
import './button.css';
import './spinner.css';

export const EXPORT_TEXTS = {
  idle: 'Xuất Excel',
  running: 'Đang xuất file...',
  failed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
} as const;

/** The name a file gets when neither the screen nor the API names it. */
export const DEFAULT_DOWNLOAD_NAME = 'download.xlsx';

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

/** The file name of a `Content-Disposition` header (RFC 6266: `filename*=UTF-8''…` first, then `filename="…"`), or null. */
export function fileNameOf(contentDisposition: unknown): string | null {
  if (typeof contentDisposition !== 'string') return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // a malformed escape: the plain name below, if any
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(contentDisposition);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || null;
}

/** GET `path` as a file and save it, named `fileName` or as the API names it. Rejects when the call fails. */
export async function downloadFile(path: string, params?: URLSearchParams | Record<string, unknown>, fileName?: string): Promise<void> {
  const response = await api.get<Blob>(path, { params, responseType: 'blob' });
  const headers = (response.headers ?? {}) as Record<string, unknown>;
  saveFile(response.data, fileName ?? fileNameOf(headers['content-disposition']) ?? DEFAULT_DOWNLOAD_NAME);
}

export interface ExportButtonProps {
  path: string;
  params?: URLSearchParams | Record<string, unknown>;
  /** The download's name; default: the one the API gives. */
  fileName?: string;
  disabled?: boolean;
  /** The button's text (default 'Xuất Excel') and icon. */
  label?: string;
  icon?: ReactNode;
  /** Why the button is disabled, as its title. */
  title?: string;
}

export function ExportButton({ path, params, fileName, disabled, label = EXPORT_TEXTS.idle, icon = <DownloadIcon />, title }: ExportButtonProps) {
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      await downloadFile(path, params, fileName);
    } catch {
      notifyError(EXPORT_TEXTS.failed);
    } finally {
      setRunning(false);
    }
  };
  return (
    <button type="button" className="kit-button kit-button--outline" onClick={run} disabled={running || disabled} aria-busy={running} title={title}>
      {running ? <span className="kit-spinner kit-spinner--xs" aria-hidden="true" /> : icon}
      {running ? EXPORT_TEXTS.running : label}
    </button>
  );
}
