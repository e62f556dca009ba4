/**
 * The students export over HTTP from a running API process: the time to the last byte, the API process's
 * peak resident memory over its level just before, and the rows read back from the file (streaming).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';

export interface ExportResult {
  status: number;
  seconds: number;
  megabytes: number;
  rows: number;
  rssBeforeMb: number;
  peakOverMb: number;
}

/** Resident memory of a process, from /proc (Linux); NaN elsewhere. */
function rssMb(pid: number): number {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

const EVERYONE = 'type=student&status=0&user_id=0&created_at=1970-01-01%2000:00:00&created_at=2100-12-31%2023:59:59&limit=10&page=1';

export async function measureExport(options: { apiOrigin: string; token: string; apiPid: number }): Promise<ExportResult> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-')), 'students.xlsx');
  const before = rssMb(options.apiPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(options.apiPid))), 20);
  const started = process.hrtime.bigint();
  const { status, bytes } = await new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const url = new URL(`/api/v1/user/export?${EVERYONE}`, options.apiOrigin);
    http
      .get(url, { headers: { authorization: `Bearer ${options.token}` } }, (res) => {
        let total = 0;
        res.on('data', (chunk: Buffer) => (total += chunk.length));
        const out = fs.createWriteStream(file);
        res.pipe(out);
        out.on('finish', () => resolve({ status: res.statusCode ?? 0, bytes: total }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  let rows = 0;
  if (status === 200) {
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, {})) {
      for await (const _row of sheet) rows += 1;
    }
  }
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  // the header row is not a student
  return { status, seconds, megabytes: bytes / 1024 / 1024, rows: Math.max(0, rows - 1), rssBeforeMb: before, peakOverMb: peak - before };
}
