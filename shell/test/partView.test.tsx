import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { partLoader } from '../src/startup/partLoader';
import { PartView } from '../src/startup/PartView';
import { PlainLoadFailed } from '../src/startup/plain';
import { renderApp } from './utils';

// the frame's texts, in English (the default language)
const PART_FAILED_TITLE = 'This page could not be loaded';
const RETRY_LABEL = 'Retry';

const pageModule = { Page: () => <h1>Tài khoản</h1> };
const view = (part: ReturnType<typeof partLoader<typeof pageModule>>) => (
  <PartView part={part} fallback={<p>Đang tải trang</p>} Failed={PlainLoadFailed}>
    {({ Page }) => <Page />}
  </PartView>
);

it('a page whose download fails shows a message with a retry button, and the retry downloads it again', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  let networkUp = false;
  // (a download fails after a while, once the page has shown its fallback, as in a browser)
  const importPart = jest.fn(
    () => new Promise<typeof pageModule>((resolve, reject) => setTimeout(() => (networkUp ? resolve(pageModule) : reject(new Error('network down'))), 50)),
  );
  await act(async () => {
    renderApp('/', view(partLoader(importPart)));
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
