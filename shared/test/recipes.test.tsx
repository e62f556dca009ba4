/**
 * The suite's system starts with the recipes of the kit's base (what the shell's first pages draw); the
 * kit's core brings its inputs' recipes, and the deferred components theirs, before any of them renders.
 */
import { render, screen } from '@testing-library/react';
import { uiSystem } from '../src/ui/theme';
import { UiProvider } from '../src/ui/provider';

// (the deferred components' code, and the screens' lazy parts, not downloaded before the test: jest.setup.ts)
(globalThis as { coldDeferredUi?: boolean }).coldDeferredUi = true;
(globalThis as { coldLazyParts?: boolean }).coldLazyParts = true;

it('starts with the base recipes only', () => {
  const system = uiSystem();
  expect(system.isRecipe('button')).toBe(true);
  expect(system.isSlotRecipe('table')).toBe(true);
  expect(system.isRecipe('input')).toBe(false);
  expect(system.isSlotRecipe('dialog')).toBe(false);
});

it('adds the deferred components’ recipes with the first of them, and a deferred component renders styled', async () => {
  const { preloadDeferredUi, Tabs } = await import('../src/ui/deferred');
  await preloadDeferredUi('Tabs');
  const system = uiSystem();
  expect(['tabs', 'dialog', 'drawer', 'menu', 'popover', 'checkbox'].filter((key) => !system.isSlotRecipe(key))).toEqual([]);
  render(
    <UiProvider>
      <Tabs.Root defaultValue="list">
        <Tabs.List>
          <Tabs.Trigger value="list">Danh sách</Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>
    </UiProvider>,
  );
  // the recipe's class names are on the parts (an unknown recipe gives none)
  expect((await screen.findByRole('tab', { name: 'Danh sách' })).className).toContain('chakra-tabs__trigger');
});

it('adds the inputs’ recipes with the kit’s core, and its inputs render styled', async () => {
  const { Input } = await import('../src/ui/core');
  expect(uiSystem().isRecipe('input')).toBe(true);
  expect(uiSystem().isSlotRecipe('nativeSelect')).toBe(true);
  render(
    <UiProvider>
      <Input aria-label="Họ tên" />
    </UiProvider>,
  );
  expect(screen.getByRole('textbox', { name: 'Họ tên' }).className).toContain('chakra-input');
});
