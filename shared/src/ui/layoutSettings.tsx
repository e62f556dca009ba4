/**
 * Layout settings of the builder page (/builder): colour mode, side menu collapsed, fixed header,
 * content width. One store, shared as a singleton with `shared`, persisted in local storage under one
 * key. The colour mode is applied to <html> (Chakra's `.dark` / `.light` class and `color-scheme`), so
 * the shell and every remote rendered inside it follow it from the one theme.
 */
import { useLayoutEffect } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const LAYOUT_SETTINGS_KEY = 'trungtam-layout';

export type ColorMode = 'light' | 'dark';
/** The content's width: the whole column, or at most 1080px centred (the frame's CSS, shell/…/frame.css). */
export type ContentWidth = 'fluid' | 'fixed';

export interface LayoutSettings {
  colorMode: ColorMode;
  sidebarCollapsed: boolean;
  fixedHeader: boolean;
  contentWidth: ContentWidth;
}

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  colorMode: 'light',
  sidebarCollapsed: false,
  fixedHeader: true,
  contentWidth: 'fluid',
};

export interface LayoutSettingsState extends LayoutSettings {
  update: (change: Partial<LayoutSettings>) => void;
  reset: () => void;
}

function sanitize(value: Partial<LayoutSettings> | undefined): LayoutSettings {
  const v = value ?? {};
  return {
    colorMode: v.colorMode === 'dark' ? 'dark' : 'light',
    sidebarCollapsed: v.sidebarCollapsed === true,
    fixedHeader: v.fixedHeader !== false,
    contentWidth: v.contentWidth === 'fixed' ? 'fixed' : 'fluid',
  };
}

export const useLayoutSettings = create<LayoutSettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_LAYOUT_SETTINGS,
      update: (change) => set((state) => sanitize({ ...state, ...change })),
      reset: () => set({ ...DEFAULT_LAYOUT_SETTINGS }),
    }),
    {
      name: LAYOUT_SETTINGS_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ colorMode, sidebarCollapsed, fixedHeader, contentWidth }) => ({
        colorMode,
        sidebarCollapsed,
        fixedHeader,
        contentWidth,
      }),
      merge: (persisted, current) => ({ ...current, ...sanitize(persisted as Partial<LayoutSettings>) }),
    },
  ),
);

/** Puts the colour mode on <html>. Render once at the app root (the shell; a remote standalone). */
export function ColorModeSync() {
  const colorMode = useLayoutSettings((s) => s.colorMode);
  // before the first paint, so that a dark page never flashes light
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', colorMode === 'dark');
    root.classList.toggle('light', colorMode === 'light');
    root.style.colorScheme = colorMode;
    root.dataset.colorMode = colorMode;
  }, [colorMode]);
  return null;
}
