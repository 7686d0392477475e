// What `import ... from '@tanstack/react-query'` resolves to in the app (vite-plugins.ts
// `queryThroughClient`): the package itself, plus the app's client handed to <Providers> before
// any hook of the importing module can run.
import { queryClient } from './queryClient';
import { provideQueryClient } from './query-client-store';

export * from '@tanstack/react-query';

provideQueryClient(queryClient);
