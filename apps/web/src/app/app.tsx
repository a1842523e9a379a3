import { RouterProvider } from 'react-router';
import { AppProviders } from './app-providers.tsx';
import { createAppRouter } from './router.ts';

const router = createAppRouter();

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
