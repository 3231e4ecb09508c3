import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Locale } from 'antd/es/locale';
import { useMemo, type ReactNode } from 'react';
import { PreferencesProvider } from '../../app/Preferences.tsx';

/** A page shown before the console starts, with what it shares with the console (language, theme). */
export function ConnectRoot({ antdLocale, children }: { antdLocale: Locale; children: ReactNode }) {
  const queryClient = useMemo(() => new QueryClient(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider initialLocale={antdLocale}>{children}</PreferencesProvider>
    </QueryClientProvider>
  );
}
