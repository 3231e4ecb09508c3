import { pluginDisableEverywhereCall, pluginEnableCall, pluginRemoveCall, type Plugin } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { useRefreshPlugins } from './pluginQueries.ts';

/**
 * The one-click changes of a list row: the acting account's switch off, the owner's switch for
 * everyone, and removal. Switching on goes through the version choice (EnableDialog).
 */
export function usePluginActions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshPlugins();

  const switchOff = useMutation({
    mutationFn: (plugin: Plugin) => api.call(pluginEnableCall, { id: plugin.id, enabled: false }),
    onSuccess: async (_answer, plugin) => {
      message.success(t('plugins.enable.off', { name: plugin.name }));
      await refresh();
    },
    onError: (error) => showError(error),
  });

  const everywhere = useMutation({
    mutationFn: ({ plugin, disabled }: { plugin: Plugin; disabled: boolean }) => api.call(pluginDisableEverywhereCall, { id: plugin.id, disabled }),
    onSuccess: async (_answer, { plugin, disabled }) => {
      message.success(t(disabled ? 'plugins.everywhere.disabled' : 'plugins.everywhere.enabled', { name: plugin.name }));
      await refresh();
    },
    onError: (error) => showError(error),
  });

  const remove = useMutation({
    mutationFn: (plugin: Plugin) => api.call(pluginRemoveCall, { id: plugin.id }),
    onSuccess: async ({ removedAssignments }, plugin) => {
      message.success(t('plugins.remove.done', { count: removedAssignments, name: plugin.name }));
      await refresh();
    },
    onError: (error) => showError(error),
  });

  return { switchOff, everywhere, remove };
}
