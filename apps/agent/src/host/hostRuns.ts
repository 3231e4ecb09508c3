import fs from 'node:fs';
import path from 'node:path';
import { HOST_STREAM_PATH, type HostCommand, type HostReport } from '@facet/contracts';
import { startVncDisplay, type VncDisplay } from '../browser/machine/vncDisplay.ts';
import { LeaseBeats } from '../core/leaseBeat.ts';
import { ProfileLauncher, type LauncherSettings } from '../core/profileLauncher.ts';
import { apiTokenProfileSource } from '../core/profileSource.ts';
import type { LaunchedProfile } from '../core/runningProfiles.ts';
import { StartFailure, startFailureReason } from '../startFailure.ts';
import { socketUrl } from './hostLink.ts';
import { openStreamPipe, type StreamPipe } from './streamPipe.ts';

/** A Unix socket's path must fit in sun_path (108 bytes on Linux, with its terminating zero). */
const MAX_SOCKET_PATH = 100;

type StartCommand = Extract<HostCommand, { type: 'start' }>;

interface Run {
  runId: string;
  profileId: string;
  runDir: string;
  display: VncDisplay | null;
  browser: LaunchedProfile | null;
  /** A stop asked while it starts: the browser is closed as soon as it is up. */
  stopAsked: boolean;
  /** Its stop is under way (browser.stop is not asked twice). */
  stopping: boolean;
}

export interface HostRunsOptions {
  serverUrl: string;
  /** The host's token: its viewers' streams go with it. */
  hostToken: string;
  /** The host's name, the "running on …" of its runs. */
  hostName: string;
  /** Where each run's folder (its display's sockets and cookie) is made. */
  runsDir: string;
  /** What every start shares (kernels, plugins, saves, the check…): the same as the desktop agent's. */
  launcher: Omit<LauncherSettings, 'leases' | 'deviceName'>;
  report: (report: HostReport) => void;
  log: (line: string) => void;
}

/**
 * The profiles a host runs for remote use, one run each, as the link's commands ask. A run is
 * the desktop agent's own start (core/profileLauncher.ts) made as the person who asked: every
 * server call with the run's token, its own lease beat, and its own display (an Xvnc of the
 * profile's screen size, browser/machine/vncDisplay.ts) the browser fills. Viewers' streams are
 * joined to that display's VNC socket. A run ends when its browser exits, however it goes
 * (stopped, crashed, closed because its person's access ended): then its streams close, its
 * display stops and its folder goes.
 */
export class HostRuns {
  private readonly runs = new Map<string, Run>();
  private readonly streams = new Map<string, { runId: string; pipe: StreamPipe }>();

  constructor(private readonly options: HostRunsOptions) {
    fs.mkdirSync(options.runsDir, { recursive: true, mode: 0o700 });
  }

  /** What the link's load reports. */
  counts(): { profiles: number; streams: number } {
    return { profiles: this.runs.size, streams: this.streams.size };
  }

  /** `started` again for each run whose browser is up (after the link came back). */
  resume(): HostReport[] {
    return [...this.runs.values()].filter((run) => run.browser && run.display && !run.stopping).map((run) => startedOf(run));
  }

  handle(command: HostCommand): void {
    switch (command.type) {
      case 'start':
        return void this.start(command);
      case 'stop':
        return void this.stop(command.runId);
      case 'stream':
        return this.stream(command.runId, command.streamId);
      case 'endStream':
        return this.streams.get(command.streamId)?.pipe.close();
    }
  }

  /** At the host's exit: every browser closed as at any stop (its state saved), every stream ended. */
  async stopAll(): Promise<void> {
    await Promise.allSettled([...this.runs.keys()].map((runId) => this.stop(runId)));
    await Promise.allSettled([...this.streams.values()].map(({ pipe }) => (pipe.close(), pipe.closed)));
  }

  private async start(command: StartCommand): Promise<void> {
    const { options } = this;
    const { runId, profileId, runToken } = command;
    const known = this.runs.get(runId);
    if (known) {
      // Asked again (the server's retry after a reconnect): the same run, reported as it stands.
      if (known.browser && known.display && !known.stopping) options.report(startedOf(known));
      return;
    }
    const run: Run = { runId, profileId, runDir: '', display: null, browser: null, stopAsked: false, stopping: false };
    this.runs.set(runId, run);
    try {
      // One browser per profile folder: a second run of a profile this host runs would share it.
      if ([...this.runs.values()].some((other) => other !== run && other.profileId === profileId)) throw new StartFailure('failed', `profile ${profileId} already runs on this host`);
      run.runDir = runFolder(options.runsDir);
      const source = apiTokenProfileSource(options.serverUrl, runToken);
      const deviceKey = options.launcher.deviceKey.publicKey;
      // The run's own beat, with its own token: the person's access ending closes this browser alone.
      const leases = new LeaseBeats(() => (ids) => source.beatLeases(ids, deviceKey), options.log);
      const launcher = new ProfileLauncher(() => source, { ...options.launcher, leases, deviceName: options.hostName });
      const browser = await launcher.launch(profileId, {
        display: async (screen) => {
          run.display = await startVncDisplay({ ...screen, runDir: run.runDir });
          return run.display.env;
        },
      });
      run.browser = browser;
      void browser.exited.then(() => this.finish(run, leases));
      if (run.stopAsked) return void this.stop(runId);
      options.log(`run ${runId}: profile ${profileId} runs on display ${run.display!.display} (${run.display!.width}x${run.display!.height})`);
      options.report(startedOf(run));
    } catch (error) {
      options.log(`run ${runId}: profile ${profileId} did not start: ${error instanceof Error ? error.message : String(error)}`);
      this.runs.delete(runId);
      await this.clear(run);
      options.report({ type: 'failed', runId, reason: startFailureReason(error) });
    }
  }

  private async stop(runId: string): Promise<void> {
    const run = this.runs.get(runId);
    if (!run) return;
    if (!run.browser) {
      run.stopAsked = true;
      return;
    }
    if (run.stopping) return;
    run.stopping = true;
    await run.browser.stop().catch((error: unknown) => this.options.log(`run ${runId}: could not close its browser: ${String(error)}`));
  }

  private stream(runId: string, streamId: string): void {
    const run = this.runs.get(runId);
    if (!run?.display || this.streams.has(streamId)) return;
    const pipe = openStreamPipe({
      url: socketUrl(this.options.serverUrl, `${HOST_STREAM_PATH}${streamId}`),
      token: this.options.hostToken,
      socketPath: run.display.socketPath,
      log: (line) => this.options.log(`run ${runId}: ${line}`),
    });
    this.streams.set(streamId, { runId, pipe });
    void pipe.closed.then(() => {
      if (this.streams.get(streamId)?.pipe === pipe) this.streams.delete(streamId);
    });
  }

  /** The browser has gone: the server hears it, its viewers' streams end, its display and folder go. */
  private async finish(run: Run, leases: LeaseBeats): Promise<void> {
    this.runs.delete(run.runId);
    this.options.report({ type: 'stopped', runId: run.runId });
    this.options.log(`run ${run.runId}: profile ${run.profileId} closed`);
    await this.clear(run);
    // The last save and the lease's release go on with the run's token; then its beat ends.
    await this.options.launcher.saves.settled(run.profileId);
    leases.close();
  }

  private async clear(run: Run): Promise<void> {
    const closing = [...this.streams.values()].filter((s) => s.runId === run.runId).map(({ pipe }) => (pipe.close(), pipe.closed));
    await Promise.allSettled(closing);
    await run.display?.stop().catch((error: unknown) => this.options.log(`run ${run.runId}: could not stop its display: ${String(error)}`));
    if (run.runDir) fs.rmSync(run.runDir, { recursive: true, force: true });
  }
}

function startedOf(run: Run): HostReport {
  return { type: 'started', runId: run.runId, width: run.display!.width, height: run.display!.height };
}

/**
 * A fresh owner-only folder for one run (never named by the server's run id, which is no path):
 * in the agent's data folder, or in the system's temporary folder where a deep data folder would
 * make the VNC socket's path longer than a Unix socket's may be.
 */
function runFolder(runsDir: string): string {
  const inData = fs.mkdtempSync(path.join(runsDir, 'run-'));
  if (path.join(inData, 'vnc.sock').length <= MAX_SOCKET_PATH) return inData;
  fs.rmSync(inData, { recursive: true, force: true });
  return fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR || '/tmp'), 'facet-run-'));
}
