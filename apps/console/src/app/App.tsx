import { ApiError } from '@facet/api-client';
import { Code } from '@facet/contracts';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { BrowserRouter } from 'react-router';
import { allTexts } from '../lib/language.ts';
import { PreferencesProvider } from '../lib/Preferences.tsx';
import { AppRoutes } from './router.tsx';
import { RuntimeContext } from '../lib/RuntimeContext.tsx';
import type { Runtime } from '../lib/runtime.ts';

/**
 * Spec §8: 2122/2133 are credential errors. On the login page or in a password edit the caller
 * shows them (those calls carry `meta.credentialCall`); anywhere else they mean the session is
 * no longer good: re-login message, channel closed, login page.
 */
function credentialErrorHandler(runtime: Runtime) {
  return (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (!(error instanceof ApiError) || meta?.credentialCall) return;
    if (error.code === Code.WRONG_CREDENTIALS || error.code === Code.ACCOUNT_DISABLED) runtime.events.emit('loginRequired', { code: error.code, msg: error.msg });
  };
}

export function App({ runtime }: { runtime: Runtime }) {
  const queryClient = useMemo(() => {
    const onError = credentialErrorHandler(runtime);
    return new QueryClient({
      queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
      mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => onError(error, mutation.meta) }),
      defaultOptions: {
        queries: {
          // Business refusals are answers, not glitches: only retry calls that got no answer.
          retry: (count, error) => error instanceof ApiError && error.code === -1 && count < 2,
          refetchOnWindowFocus: false,
        },
      },
    });
  }, [runtime]);
  // The sign-in pages render with the entry part of the texts; the rest is fetched once the first
  // render has asked for its chunks, so it does not compete with them. The pages after sign-in
  // wait for it (router.tsx), and they fetch it again if this fetch failed.
  useEffect(() => {
    allTexts().catch((error: unknown) => console.error('the rest of the texts did not load', error));
  }, []);
  return (
    <RuntimeContext.Provider value={runtime}>
      <QueryClientProvider client={queryClient}>
        <PreferencesProvider>
          <BrowserRouter>
            <AppRoutes runtime={runtime} />
          </BrowserRouter>
        </PreferencesProvider>
      </QueryClientProvider>
    </RuntimeContext.Provider>
  );
}
