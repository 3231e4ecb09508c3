import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useMemo, type ReactNode } from 'react';
import { AntdProvider } from './AntdProvider.tsx';
import { PreferencesProvider } from '../lib/Preferences.tsx';

/** A page shown before the console starts, with what it shares with the console (language, theme, antd). */
export function ConnectRoot({ children }: { children: ReactNode }) {
  const queryClient = useMemo(() => new QueryClient(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>
        <Suspense fallback={null}>
          <AntdProvider>{children}</AntdProvider>
        </Suspense>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
