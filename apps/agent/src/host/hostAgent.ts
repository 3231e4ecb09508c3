import path from 'node:path';
import { kernelCatalog } from '../browser/machine/kernels.ts';
import { lazyGeoIp } from '../browser/proxy/geoIp.ts';
import { CheckServer } from '../check/checkServer.ts';
import { StateSaves } from '../core/stateSaves.ts';
import type { HostConfig } from '../config.ts';
import { PluginCache } from '../plugins/pluginCache.ts';
import { readOrCreateDeviceKey } from '../storage/deviceKey.ts';
import { forgetHostToken, readHostToken, writeHostToken } from '../storage/hostToken.ts';
import { readLocalSettings } from '../storage/localSettings.ts';
import { HostLink, joinTeam } from './hostLink.ts';
import { HostLoadSampler } from './hostLoad.ts';
import { HostRuns } from './hostRuns.ts';

export interface RunningHost {
  /** Resolves when the server refused the host's token: it was removed from its team. */
  removed: Promise<void>;
  close(): Promise<void>;
}

/** No saved token for this server and no code to join with. */
export class HostNotJoined extends Error {}

/**
 * The agent as a host of its team (a Linux machine no one sits at): joined once with a one-time
 * code, then linked to the server, running the profiles the link asks for on their own displays
 * and joining viewers' streams to them. No console, no bridge, no local API: whatever it runs, it
 * runs for people working through the server.
 */
export async function startHost(config: HostConfig, log: (line: string) => void): Promise<RunningHost> {
  const { serverUrl, dataDir, hostName } = config;
  const deviceKey = readOrCreateDeviceKey(dataDir);
  let saved = readHostToken(dataDir, serverUrl);
  if (!saved) {
    if (!config.hostCode) throw new HostNotJoined(`this host has not joined ${serverUrl}: set FACET_HOST_CODE to a code a main account made in the console's Hosts page`);
    const joined = await joinTeam(serverUrl, { code: config.hostCode, name: hostName, deviceKey: deviceKey.publicKey });
    saved = { server: serverUrl, hostId: joined.hostId, token: joined.token };
    writeHostToken(dataDir, saved);
    log(`joined ${serverUrl} as host ${joined.hostId}; its token is kept in ${dataDir}`);
  }
  const token = saved.token;
  const settings = readLocalSettings(dataDir);
  const geo = lazyGeoIp(path.join(dataDir, 'geoip'), log);
  const kernels = kernelCatalog({ log });
  const checks = await CheckServer.start({ ipCheckUrl: config.ipCheckUrl, geo, log });
  const saves = new StateSaves();
  const runs: HostRuns = new HostRuns({
    serverUrl,
    hostToken: token,
    hostName,
    runsDir: path.join(dataDir, 'runs'),
    launcher: {
      kernels: () => kernels.list(),
      profilesDir: () => settings.profileDir || path.join(dataDir, 'profiles'),
      platformBuilds: config.platformBuildsDir,
      diskMinLimitGb: () => settings.diskMinLimitGb,
      ipCheckUrl: config.ipCheckUrl,
      loopbackOnly: config.loopbackOnly,
      geo,
      deviceKey,
      plugins: new PluginCache(path.join(dataDir, 'plugins'), log),
      saves,
      // No console to tell: what it would be told goes to the log.
      stateEvents: {
        progress: () => {},
        conflict: (push) => log(`profile ${push.profileId}: saved as version ${push.savedNumber} beside version ${push.otherNumber} of ${push.otherDevice}`),
        leaseLost: (profileId, holder) => log(`profile ${profileId}: ${holder?.device ?? 'another computer'} holds it now`),
        accessEnded: (profileId, name, reason) => log(`profile ${profileId} (${name}): access ended (${reason})`),
      },
      checks,
      log,
    },
    report: (report) => link.send(report),
    log,
  });
  const load = new HostLoadSampler();
  let removed!: () => void;
  const removal = new Promise<void>((resolve) => (removed = resolve));
  const link: HostLink = new HostLink({
    serverUrl,
    token,
    load: () => load.sample(runs.counts()),
    resume: () => runs.resume(),
    onCommand: (command) => runs.handle(command),
    onUp: () => log(`host linked to ${serverUrl} as ${hostName}`),
    onRemoved: () => {
      forgetHostToken(dataDir);
      removed();
    },
    log: (line) => log(line),
  });
  link.start();
  return {
    removed: removal,
    close: async () => {
      await runs.stopAll();
      await saves.all();
      link.close();
      await checks.close();
    },
  };
}
