import { accountSettingsGetCall, accountSettingsSchema, accountSettingsSetCall, type AccountSettings } from '@facet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

const accountSettingsQueryKey = ['accountSettings'] as const;

/** What applies while the settings are unknown (not loaded, or the call failed): the contract's defaults. */
export const fallbackAccountSettings: AccountSettings = accountSettingsSchema.parse({});

/** The account's global settings (defaults for new profiles, sign-out question, plan reminder). */
export function useAccountSettings() {
  const { api } = useRuntime();
  return useQuery({
    queryKey: accountSettingsQueryKey,
    queryFn: async () => (await api.call(accountSettingsGetCall, {})).settings,
    staleTime: 5 * 60_000,
  });
}

/** Saves the whole settings object; the answer replaces the cached one, so every user of it follows at once. */
export function useSaveAccountSettings() {
  const { api } = useRuntime();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: AccountSettings) => (await api.call(accountSettingsSetCall, { settings })).settings,
    onSuccess: (settings) => queryClient.setQueryData(accountSettingsQueryKey, settings),
  });
}
