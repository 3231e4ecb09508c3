import type { ClientBootstrap } from '@facet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Locale } from 'antd/es/locale';
import { useMemo } from 'react';
import { PreferencesProvider } from '../../app/Preferences.tsx';
import { ConnectServerPage, type ConnectReason } from './ConnectServerPage.tsx';

/** The connect page with what it shares with the console (language, theme), and nothing else. */
export function ConnectRoot({ bootstrap, reason, antdLocale }: { bootstrap: ClientBootstrap; reason: ConnectReason; antdLocale: Locale }) {
  const queryClient = useMemo(() => new QueryClient(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider initialLocale={antdLocale}>
        <ConnectServerPage bootstrap={bootstrap} reason={reason} />
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
