import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Tabs } from '../src/ui/deferred';
import { UiProvider } from '../src/ui/provider';
import { notifySuccess, toaster } from '../src/ui/toaster';
import { renderUi } from './render';

afterEach(() => {
  act(() => toaster.remove());
});

describe('the toaster', () => {
  it('shows the first toast of the page, created before its view was downloaded', async () => {
    render(
      <UiProvider>
        <p>page</p>
      </UiProvider>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => notifySuccess('Thêm mới thành công'));
    expect(await screen.findByText('Thêm mới thành công')).toBeInTheDocument();
  });
});

describe('a deferred component', () => {
  it('renders as the Chakra component it stands for, keeping its parts working together', async () => {
    renderUi(
      <Suspense fallback={<p>loading</p>}>
        <Tabs.Root defaultValue="b">
          <Tabs.List>
            <Tabs.Trigger value="a">Lớp</Tabs.Trigger>
            <Tabs.Trigger value="b">Học viên</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="a">danh sách lớp</Tabs.Content>
          <Tabs.Content value="b">danh sách học viên</Tabs.Content>
        </Tabs.Root>
      </Suspense>,
    );
    expect(await screen.findByRole('tab', { name: 'Học viên', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('danh sách học viên');
  });

  it('has no property that is not a part', () => {
    expect((Tabs as unknown as Record<string, unknown>).then).toBeUndefined();
    expect(typeof Tabs.Root).toBe('function');
    expect(Tabs.Root).toBe(Tabs.Root);
  });
});
