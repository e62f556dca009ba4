/**
 * The kit's line chart: its chart library downloads only when a chart is drawn (not with the kit, not
 * with the lazy parts preloaded for a screen), and a chart names each line in its legend.
 */
import { mockRecordImport, recordedImports } from '../../jest.recordImports';

jest.mock('recharts', () => mockRecordImport('recharts'));
jest.mock('@chakra-ui/charts', () => mockRecordImport('@chakra-ui/charts'));
// (nothing downloaded ahead by the test setup: jest.setup.ts)
(globalThis as { coldLazyParts?: boolean }).coldLazyParts = true;

import { act, screen, within } from '@testing-library/react';
import { renderUi } from './render';
import { giveChartsASize } from '../src/testing';

giveChartsASize();

it('downloads its chart library when first drawn, not with the kit, and names each line in its legend, in their order', async () => {
  const kit = await import('../src/ui/core');
  const { preloadLazyParts } = await import('../src/ui/lazyParts');
  await preloadLazyParts();
  expect(recordedImports).toEqual([]);

  // (drawn inside an awaited act: React draws the chart once its code is there)
  await act(async () => {
    renderUi(
      <kit.TimeSeriesChart
        label="Lượt xem trang theo thời gian"
        rows={[
          { at: '2026-11-21T08:00:00.000Z', stable: 520, candidate: null },
          { at: '2026-11-21T08:05:00.000Z', stable: 610, candidate: 60 },
        ]}
        lines={[
          { key: 'stable', label: 'Bản ổn định', palette: 'blue' },
          { key: 'candidate', label: 'Bản thử nghiệm', palette: 'orange', dashed: true },
        ]}
        formatValue={String}
        formatTick={(at) => at.slice(11, 16)}
        formatTime={(at) => at}
        placeholder="Đang tải biểu đồ..."
      />,
    );
  });
  const chart = await screen.findByRole('group', { name: 'Lượt xem trang theo thời gian' });
  expect(recordedImports.sort()).toEqual(['@chakra-ui/charts', 'recharts']);
  await within(chart).findByText('Bản ổn định');
  // in the order given, not by name
  expect(within(chart).getAllByText(/^Bản /).map((item) => item.textContent)).toEqual(['Bản ổn định', 'Bản thử nghiệm']);
  expect(screen.queryByText('Đang tải biểu đồ...')).toBeNull();
});

it('reaches at least the value asked on its axis: a build without errors reads 0–1 %, not 0–400 %', async () => {
  const { TimeSeriesChart } = await import('../src/ui/core');
  const percent = (value: number) => `${Math.round(value * 1000) / 10} %`;
  await act(async () => {
    renderUi(
      <TimeSeriesChart
        label="Tỉ lệ lỗi theo thời gian"
        rows={[
          { at: '2026-11-21T08:00:00.000Z', stable: 0 },
          { at: '2026-11-21T08:05:00.000Z', stable: 0 },
        ]}
        lines={[{ key: 'stable', label: 'Bản ổn định', palette: 'blue' }]}
        formatValue={percent}
        formatTick={(at) => at.slice(11, 16)}
        formatTime={(at) => at}
        axisAtLeast={0.01}
        placeholder="Đang tải biểu đồ..."
      />,
    );
  });
  const chart = await screen.findByRole('group', { name: 'Tỉ lệ lỗi theo thời gian' });
  expect(await within(chart).findByText('1 %')).toBeInTheDocument();
  expect(within(chart).queryByText('400 %')).toBeNull();
});
