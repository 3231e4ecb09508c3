import {
  type CleanCacheResult,
  type DirectoryListing,
  type Kernel,
  type LocalClientConfig,
  type SaveConfigParameter,
} from '@facet/contracts';
import type { BridgeClient } from '../../lib/bridge.ts';

/** The desktop agent's local-settings calls, each answer checked against its contract. */
export const localSettingsBridge = (bridge: BridgeClient) => ({
  configInfo: async (): Promise<LocalClientConfig> => await bridge.request('configInfo'),
  saveConfig: async (parameter: SaveConfigParameter): Promise<LocalClientConfig> => await bridge.request('saveConfig', parameter),
  kernels: async (): Promise<Kernel[]> => await bridge.request('kernels'),
  listDirectory: async (path: string | undefined, showHidden: boolean): Promise<DirectoryListing> =>
    await bridge.request('listDirectory', { ...(path ? { path } : {}), showHidden }),
  cleanCache: async (): Promise<CleanCacheResult> => await bridge.request('cleanCache'),
});

export const localSettingsQueryKey = ['localSettings'] as const;
export const kernelsQueryKey = ['localSettings', 'kernels'] as const;
