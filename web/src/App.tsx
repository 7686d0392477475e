import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { createBrowserRouter } from 'react-router';
// The DOM build of the provider, so navigate(..., { flushSync: true }) is honoured.
import { RouterProvider } from 'react-router/dom';
import { Providers } from './Providers';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
