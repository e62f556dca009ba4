/**
 * A remote's standalone entry (mountStandalone) and its frame. The frame itself (StandaloneFrame.tsx,
 * with the query client's provider and its own sign-in form) is downloaded when it first renders: only
 * a remote's standalone page renders it, and the kit's entry point is on every page of the shell.
 */
import { StrictMode, Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '@trungtam/shared/api';

export interface StandaloneRoute {
  path: string;
  label: string;
}

export interface StandaloneFrameProps {
  /** Shown in the top bar, e.g. 'Users'. */
  appName: string;
  /** The remote's routes; '/' and unknown paths go to the first. */
  routes: readonly StandaloneRoute[];
  /** The remote's Area for a path. */
  children: (path: string) => ReactNode;
}

export const STANDALONE_TEXTS = {
  signInTitle: 'Đăng nhập',
  email: 'Email',
  password: 'Mật khẩu',
  signIn: 'Đăng nhập',
  signOut: 'Đăng xuất',
  standalone: 'chạy độc lập',
} as const;

const LoadedFrame = lazy(() => import('./StandaloneFrame').then((module) => ({ default: module.StandaloneFrame })));

export function StandaloneFrame(props: StandaloneFrameProps) {
  // nothing to show before the frame's code: it renders the theme the page is drawn with
  return (
    <Suspense fallback={null}>
      <LoadedFrame {...props} />
    </Suspense>
  );
}

export interface StandaloneEntry {
  appName: string;
  routes: readonly StandaloneRoute[];
  /** The remote's exposed Area. */
  Area: ComponentType<{ path: string }>;
  /** The API's base URL and the operator's time zone, as the remote's build was given them. */
  apiUrl?: string;
  operatorTimeZone?: string;
}

/** A remote's standalone development entry: the API configured, the Area in the frame, in #root. */
export function mountStandalone({ appName, routes, Area, apiUrl, operatorTimeZone }: StandaloneEntry) {
  configureApi({ baseURL: apiUrl });
  const container = document.getElementById('root');
  if (!container) return;
  // (the date helpers load only for a configured zone, as in the shell: this module rides on every page)
  const zoneSet = operatorTimeZone
    ? import('@trungtam/shared/operatorDate').then(({ setOperatorTimeZone }) => setOperatorTimeZone(operatorTimeZone))
    : Promise.resolve();
  void zoneSet.then(() => {
    createRoot(container).render(
      <StrictMode>
        <StandaloneFrame appName={appName} routes={routes}>
          {(path) => <Area path={path} />}
        </StandaloneFrame>
      </StrictMode>,
    );
  });
}
