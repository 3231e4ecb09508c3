import {
  cleanCacheResultSchema,
  directoryListingSchema,
  kernelListSchema,
  localClientConfigSchema,
  type CleanCacheResult,
  type DirectoryListing,
  type Kernel,
  type LocalClientConfig,
  type SaveConfigParameter,
} from '@facet/contracts';
import type { BridgeClient } from '../../lib/bridge.ts';

/** The desktop agent's local-settings calls, each answer checked against its contract. */
export const localSettingsBridge = (bridge: BridgeClient) => ({
  configInfo: async (): Promise<LocalClientConfig> => localClientConfigSchema.parse(await bridge.request('configInfo')),
  saveConfig: async (parameter: SaveConfigParameter): Promise<LocalClientConfig> => localClientConfigSchema.parse(await bridge.request('saveConfig', parameter)),
  kernels: async (): Promise<Kernel[]> => kernelListSchema.parse(await bridge.request('kernels')),
  listDirectory: async (path: string | undefined, showHidden: boolean): Promise<DirectoryListing> =>
    directoryListingSchema.parse(await bridge.request('listDirectory', { ...(path ? { path } : {}), showHidden })),
  cleanCache: async (): Promise<CleanCacheResult> => cleanCacheResultSchema.parse(await bridge.request('cleanCache')),
});

export const localSettingsQueryKey = ['localSettings'] as const;
export const kernelsQueryKey = ['localSettings', 'kernels'] as const;
