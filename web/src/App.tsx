import './mantine-styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { ScreenErrorBoundary } from './components/RouteError';
import { Providers } from './Providers';
import { routes } from './routes';

/** The route tree of routes.tsx, matched by the declarative router. */
function Screens() {
  const { pathname } = useLocation();
  return <ScreenErrorBoundary pathname={pathname}>{useRoutes(routes)}</ScreenErrorBoundary>;
}

/**
 * The declarative router, not the data router (createBrowserRouter): the app uses no loaders,
 * actions or fetchers, and the data router's code is half of react-router's size on every first
 * load (~15 kB gzip). Navigations are not transitions (useTransitions={false}): they commit at once,
 * as `flushSync` asked of the data router (session/logout.ts leaves for /login before the guards
 * hear of the cleared session). The component tests still mount `routes` in a memory data router.
 */
export function App() {
  return (
    <Providers>
      <BrowserRouter useTransitions={false}>
        <Screens />
      </BrowserRouter>
    </Providers>
  );
}
