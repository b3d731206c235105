import { BaseStyles } from '@primer/react';
// The next ThemeProvider: the deprecated one in '@primer/react' carries Primer's JavaScript theme (its
// colour schemes, ~30 kB of gzipped JavaScript in the first load) that nothing here reads: colours come
// from @primer/primitives' CSS variables.
import { ThemeProvider } from '@primer/react/next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { ProjectsProvider } from './projects/ProjectsProvider.tsx';
import { AppRoutes } from './routes.tsx';

function makeQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <ThemeProvider colorMode="light">
      <BaseStyles>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AuthProvider>
              <ProjectsProvider>
                <AppRoutes />
              </ProjectsProvider>
            </AuthProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </BaseStyles>
    </ThemeProvider>
  );
}
