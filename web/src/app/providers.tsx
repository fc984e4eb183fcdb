import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Slide, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { PreferencesProvider, usePreferences } from '../lib/preferences';
import { createQueryClient } from '../lib/query-client';

const queryClient = createQueryClient();

function Toasts() {
  const { resolvedMode } = usePreferences();
  // Spec part 1 §9: top-right, 5000 ms, at most 10, drag to dismiss at 80 %.
  // Offset below the top bar so toasts never cover the user menu.
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      limit={10}
      draggablePercent={80}
      theme={resolvedMode}
      transition={Slide}
      newestOnTop
      style={{ top: 72 }}
    />
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <PreferencesProvider>
          {children}
          <Toasts />
        </PreferencesProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
