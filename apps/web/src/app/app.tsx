import { Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../auth/auth-provider';
import { watchFirstScreen } from '../lib/first-screen';
import { RealtimeProvider } from '../realtime/realtime-provider';
import { PageSpinner } from '../ui/spinner';
import { Toaster } from '../ui/toaster';
import { createQueryClient } from './query-client';
import { appRoutes } from './routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const created = createBrowserRouter(appRoutes(queryClient));
    // Before the providers' effects run: the socket waits for the first screen.
    watchFirstScreen(created, queryClient);
    return created;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RealtimeProvider>
          <Suspense fallback={<PageSpinner />}>
            <RouterProvider router={router} />
          </Suspense>
          <Toaster />
        </RealtimeProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
