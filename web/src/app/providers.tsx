import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { PreferencesProvider } from '../lib/preferences';
import { createQueryClient } from '../lib/query-client';

const queryClient = createQueryClient();

const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <PreferencesProvider>
          {children}
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        </PreferencesProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
