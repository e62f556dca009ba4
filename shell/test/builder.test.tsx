import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_LAYOUT_SETTINGS, LAYOUT_SETTINGS_KEY, useLayoutSettings } from '@trungtam/shared/ui/core';
import { fakeApi, ok } from '@trungtam/shared/testing';
import { renderApp, resetSession, signIn, signedInRoutes } from './utils';

const stored = () => JSON.parse(localStorage.getItem(LAYOUT_SETTINGS_KEY) ?? '{}').state;

beforeEach(() => {
  resetSession();
  useLayoutSettings.getState().reset();
  signIn();
  fakeApi({
    ...signedInRoutes(),
    'GET /notifications': ok({ rows: [], total_rows: 0, total_pages: 0, unread_rows: 0 }),
  });
});

describe('layout builder', () => {
  it('applies each setting at once and keeps it in local storage under one key', async () => {
    renderApp('/builder');
    await userEvent.click(await screen.findByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(stored()).toMatchObject({ colorMode: 'dark' });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Collapse the side menu' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fixed header' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Fixed width' }));
    expect(stored()).toEqual({ colorMode: 'dark', sidebarCollapsed: true, fixedHeader: false, contentWidth: 'fixed' });
    expect(document.querySelector('[data-content-width]')).toHaveAttribute('data-content-width', 'fixed');
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(Object.keys(localStorage).filter((k) => k.includes('layout'))).toEqual([LAYOUT_SETTINGS_KEY]);
  });

  it('reads the stored settings back on start, and the reset restores the defaults', async () => {
    localStorage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify({ state: { colorMode: 'dark', sidebarCollapsed: false, fixedHeader: true, contentWidth: 'fixed' }, version: 0 }));
    await useLayoutSettings.persist.rehydrate();
    renderApp('/builder');
    expect(await screen.findByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Fixed width' })).toBeChecked();
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));

    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(stored()).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    await waitFor(() => expect(document.documentElement).toHaveClass('light'));
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
