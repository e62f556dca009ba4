/**
 * The router of the suite: the react-router APIs the shell and the remotes use, and only those. Shared
 * through Module Federation as this one small entry point (one router context across host and remotes),
 * rather than react-router and react-router-dom shared whole (a shared package is provided whole, all of
 * it: about 60 KB gzip, against a few KB here). Import routing from here, never from react-router.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useInRouterContext,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { Location, NavigateFunction, NavLinkProps, LinkProps } from 'react-router';
