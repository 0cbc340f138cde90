import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConsoleApp } from './console-app';
import { restoreConsoleLanguage } from './i18n';
import './console.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

// The stored language's strings first (a small chunk), so the first paint is already in it.
void restoreConsoleLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ConsoleApp />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
