/**
 * Every module the shell provides to the remotes, each a lazy import of the shell's own copy: the
 * shared libraries and every front-end entry point of @trungtam/shared, those the shell never uses
 * itself (the resource kit, the lookups...) included. Without them, the first remote to load such a
 * module would provide its own bundled copy to every remote loaded after it, whichever version that
 * remote was built with: an area released from an older commit would hand its older resource kit to
 * the others. Nothing here is downloaded until a remote asks for it. A test keeps the list equal to
 * the shared package's (shared/src/sharedEntryPoints.ts).
 *
 * The modules the areas' list screens take from the shell and the shell's own pages do not use
 * (areaDependencies.ts) are one download, "area-kit", one file with what they share with other downloads
 * (rsbuild.config.ts): apart, they were a file each, and a phone's browser fetches six at a time from one
 * origin, each a round trip, while the area's first screen waits.
 */
export const PROVIDED_SHARED_ENTRY_POINTS: Record<string, () => Promise<unknown>> = {
  '@trungtam/shared/permissions': () => import(/* webpackChunkName: "area-kit" */ '@trungtam/shared/permissions'),
  '@trungtam/shared/contracts': () => import(/* webpackChunkName: "area-kit" */ '@trungtam/shared/contracts'),
  '@trungtam/shared/contracts/learning': () => import(/* webpackChunkName: "area-kit" */ '@trungtam/shared/contracts/learning'),
  '@trungtam/shared/contracts/schedules': () => import('@trungtam/shared/contracts/schedules'),
  '@trungtam/shared/contracts/notifications': () => import('@trungtam/shared/contracts/notifications'),
  '@trungtam/shared/contracts/products': () => import('@trungtam/shared/contracts/products'),
  '@trungtam/shared/contracts/reports': () => import('@trungtam/shared/contracts/reports'),
  '@trungtam/shared/contracts/competition': () => import('@trungtam/shared/contracts/competition'),
  '@trungtam/shared/contracts/remotes': () => import('@trungtam/shared/contracts/remotes'),
  '@trungtam/shared/validation': () => import(/* webpackChunkName: "area-kit" */ '@trungtam/shared/validation'),
  '@trungtam/shared/forms': () => import('@trungtam/shared/forms'),
  '@trungtam/shared/forms/submit': () => import('@trungtam/shared/forms/submit'),
  '@trungtam/shared/format': () => import(/* webpackChunkName: "area-kit" */ '@trungtam/shared/format'),
  '@trungtam/shared/labels': () => import(/* webpackChunkName: "area-kit" */ '@trungtam/shared/labels'),
  '@trungtam/shared/operatorDate': () => import(/* webpackChunkName: "area-kit" */ '@trungtam/shared/operatorDate'),
  '@trungtam/shared/api': () => import('@trungtam/shared/api'),
  '@trungtam/shared/session': () => import('@trungtam/shared/session'),
  '@trungtam/shared/i18n': () => import('@trungtam/shared/i18n'),
  '@trungtam/shared/query': () => import('@trungtam/shared/query'),
  '@trungtam/shared/router': () => import('@trungtam/shared/router'),
  '@trungtam/shared/ui': () => import('@trungtam/shared/ui'),
  '@trungtam/shared/ui/base': () => import('@trungtam/shared/ui/base'),
  '@trungtam/shared/ui/core': () => import('@trungtam/shared/ui/core'),
  '@trungtam/shared/ui/forms': () => import('@trungtam/shared/ui/forms'),
  '@trungtam/shared/ui/plain': () => import('@trungtam/shared/ui/plain'),
  '@trungtam/shared/ui/list': () => import(/* webpackChunkName: "area-kit" */ '@trungtam/shared/ui/list'),
  '@trungtam/shared/resource': () => import(/* webpackChunkName: "area-kit" */ '@trungtam/shared/resource'),
  '@trungtam/shared/lookups': () => import('@trungtam/shared/lookups'),
  '@trungtam/shared/icons': () => import(/* webpackChunkName: "area-kit" */ '@trungtam/shared/icons'),
};

export const PROVIDED_SHARED: Record<string, () => Promise<unknown>> = {
  react: () => import('react'),
  'react-dom': () => import('react-dom'),
  '@tanstack/react-query': () => import(/* webpackChunkName: "area-kit" */ '@tanstack/react-query'),
  formik: () => import('formik'),
  yup: () => import('yup'),
  ...PROVIDED_SHARED_ENTRY_POINTS,
};
