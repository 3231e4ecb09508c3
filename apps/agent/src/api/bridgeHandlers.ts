import path from 'node:path';
import { BridgeError, base64ParameterSchema, isRunningParameterSchema, openUrlParameterSchema, type LocalClientConfig } from '@facet/contracts';
import type { RunningProfiles } from '../core/runningProfiles.ts';
import { diskUse } from '../storage/diskUse.ts';
import { readLocalSettings } from '../storage/localSettings.ts';
import type { AppWindow } from '../window/appWindow.ts';
import { BridgeFailure, type BridgeHandlers } from './bridgeServer.ts';

export interface BridgeDeps {
  dataDir: string;
  running: RunningProfiles;
  window: AppWindow | null;
}

function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BridgeFailure(BridgeError.BAD_REQUEST);
  return parsed.data;
}

/** What the console may ask the agent for. Thin: each forwards to a real part of the agent. */
export function bridgeHandlers(deps: BridgeDeps): BridgeHandlers {
  const profileDir = path.join(deps.dataDir, 'profiles');
  return {
    openUrl: async (parameter) => {
      const { url } = parse(openUrlParameterSchema, parameter);
      if (!/^https?:\/\//i.test(url)) throw new BridgeFailure(BridgeError.NOT_ALLOWED);
      if (!deps.window) throw new BridgeFailure(BridgeError.FAILED);
      deps.window.openTab(url);
      return true;
    },
    base64Encode: async (parameter) => Buffer.from(parse(base64ParameterSchema, parameter).text, 'utf8').toString('base64'),
    isBrowserRunning: async (parameter) => deps.running.isRunning(parse(isRunningParameterSchema, parameter).profileId),
    configInfo: async (): Promise<LocalClientConfig> => {
      const settings = readLocalSettings(deps.dataDir);
      return {
        profileDir,
        diskUse: await diskUse(profileDir),
        diskMinLimit: settings.diskMinLimitGb,
        Emulation: { ...settings.automation, password: settings.automation.password ? '••••••' : '' },
      };
    },
    // Logout closes every browser this client opened (spec §4).
    logout: async () => {
      await deps.running.stopAll();
      return true;
    },
  };
}
