import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { partLoader } from '../src/app/partLoader';
import { PART_FAILED_TITLE, PartView } from '../src/app/PartView';
import { PlainLoadFailed as LoadFailed } from '../src/components/plain';
import { PlainLoadFailed } from '../src/components/plain';
import { RETRY_LABEL } from '../src/components/RetryBoundary';
import { renderApp } from './utils';

const pageModule = { Page: () => <h1>Tài khoản</h1> };
const view = (part: ReturnType<typeof partLoader<typeof pageModule>>, Failed = LoadFailed) => (
  <PartView part={part} fallback={<p>Đang tải trang</p>} Failed={Failed}>
    {({ Page }) => <Page />}
  </PartView>
);

it.each([
  ['the UI kit', LoadFailed],
  ['plain elements (the signed-out pages)', PlainLoadFailed],
])('a page whose download fails shows a message with a retry button (%s), and the retry downloads it again', async (_, Failed) => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  let networkUp = false;
  // (a download fails after a while, once the page has shown its fallback, as in a browser)
  const importPart = jest.fn(
    () => new Promise<typeof pageModule>((resolve, reject) => setTimeout(() => (networkUp ? resolve(pageModule) : reject(new Error('network down'))), 50)),
  );
  await act(async () => {
    renderApp('/', view(partLoader(importPart), Failed));
  });
  expect(await screen.findByText(PART_FAILED_TITLE)).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Tài khoản' })).not.toBeInTheDocument();
  // the failure is shown, not downloaded again and again
  expect(importPart).toHaveBeenCalledTimes(1);

  networkUp = true;
  // (in an awaited act, as the render: React's act otherwise holds back the suspended render's retry)
  await act(async () => {
    await userEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
  });
  expect(await screen.findByRole('heading', { name: 'Tài khoản' })).toBeInTheDocument();
  expect(screen.queryByText(PART_FAILED_TITLE)).not.toBeInTheDocument();
  expect(importPart).toHaveBeenCalledTimes(2);
  warn.mockRestore();
  error.mockRestore();
});

it('a page already downloaded renders at once, without its fallback, and is not downloaded again', async () => {
  const importPart = jest.fn(() => Promise.resolve(pageModule));
  const part = partLoader(importPart);
  await part.load();
  renderApp('/', view(part));
  expect(screen.getByRole('heading', { name: 'Tài khoản' })).toBeInTheDocument();
  expect(screen.queryByText('Đang tải trang')).not.toBeInTheDocument();
  expect(importPart).toHaveBeenCalledTimes(1);
});
