/** Downloads: the file goes to the browser named as the screen says, else as the API's Content-Disposition says. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, FakeApiError, FakeFile, spyToasts } from '../src/testing';
import { ExportButton, fileNameOf } from '../src/ui/ExportButton';
import { renderUi } from './render';

/** The file names of the download links clicked. */
function spyDownloads() {
  const names: string[] = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

/** The API hands out the file of `path`, named by its Content-Disposition. */
const answer = (path: string, fileName: string) => fakeApi({ [`GET ${path}`]: () => new FakeFile('xlsx', fileName) });

afterEach(() => jest.restoreAllMocks());

describe('fileNameOf', () => {
  it('reads the encoded name first, then the plain one', () => {
    expect(fileNameOf(`attachment; filename="thi-sinh.xlsx"; filename*=UTF-8''th%C3%AD-sinh.xlsx`)).toBe('thí-sinh.xlsx');
    expect(fileNameOf('attachment; filename="2026-03-01_ranking.xlsx"')).toBe('2026-03-01_ranking.xlsx');
    expect(fileNameOf('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(undefined)).toBeNull();
  });
});

describe('ExportButton', () => {
  it("names the file as the API's Content-Disposition says, with the params given", async () => {
    const names = spyDownloads();
    const http = answer('/competition/ranking/export', 'xep-hang.xlsx');
    renderUi(<ExportButton path="/competition/ranking/export" params={{ competition_id: 3 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(names).toEqual(['xep-hang.xlsx']));
    expect(http.calls).toEqual([expect.objectContaining({ method: 'GET', url: '/competition/ranking/export', params: { competition_id: 3 }, responseType: 'blob' })]);
  });

  it("the screen's name wins; a failure toasts and leaves the button usable", async () => {
    const names = spyDownloads();
    const http = answer('/order/export', 'api.xlsx');
    const { unmount } = renderUi(<ExportButton path="/order/export" fileName="2026-03_orders.xlsx" label="Tải tệp" />);
    fireEvent.click(screen.getByRole('button', { name: 'Tải tệp' }));
    await waitFor(() => expect(names).toEqual(['2026-03_orders.xlsx']));
    unmount();

    const toasts = spyToasts();
    http.route('GET /order/export', () => {
      throw new FakeApiError(500, 'Có lỗi của hệ thống, mời bạn thử lại');
    });
    renderUi(<ExportButton path="/order/export" />);
    fireEvent.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(toasts.titles()).toEqual(['Có lỗi với hệ thống, mời bạn thử lại sau']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Xuất Excel' })).toBeEnabled());
    expect(names).toEqual(['2026-03_orders.xlsx']);
  });
});
