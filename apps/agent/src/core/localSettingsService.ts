import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BridgeError, validateAutomationPort, validateDiskMinLimit, type LocalClientConfig, type SaveConfigParameter } from '@facet/contracts';
import { apiPasswordChecker, hashApiPassword } from '../storage/apiPassword.ts';
import { probeWritable } from '../storage/directories.ts';
import { diskUse } from '../storage/diskUse.ts';
import { freeBytes } from '../storage/diskSpace.ts';
import { readLocalSettings, writeLocalSettings, type LocalSettings } from '../storage/localSettings.ts';

/** A save refused with the bridge code that names the field; nothing was changed. */
export class SettingsRefusal extends Error {
  constructor(
    readonly code: number,
    detail = '',
  ) {
    super(`settings refused (${code})${detail ? `: ${detail}` : ''}`);
  }
}

/** What the service needs of the local automation API (api/localApi/server.ts), so core stays apart from it. */
interface AutomationServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

interface LocalSettingsDeps {
  dataDir: string;
  /** FACET_LOCAL_API_PORT: at start it overrides the saved port and turns the API on. */
  portOverride: number | null;
  startApi: (bindIp: string, port: number) => Promise<AutomationServer>;
  log: (line: string) => void;
}

const LOOPBACK = '127.0.0.1';
const ALL_INTERFACES = '0.0.0.0';

/**
 * The addresses the automation API may bind: loopback, every interface, or one address of this
 * machine. Anything else either fails to bind or, worse, is a typo that exposes nothing the
 * user meant to; link-local IPv6 needs a zone and is left out.
 */
export function bindableAddresses(): string[] {
  const own = Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address !== undefined && !(address.family === 'IPv6' && /^fe80:/i.test(address.address)))
    .map((address) => address!.address);
  return [...new Set([LOOPBACK, ALL_INTERFACES, ...own])];
}

function listenFailureCode(error: unknown): number {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRNOTAVAIL') return BridgeError.BIND_IP;
  if (code === 'EADDRINUSE' || code === 'EACCES') return BridgeError.PORT_IN_USE;
  return BridgeError.FAILED;
}

/**
 * This machine's client settings (spec §3): read at start, changed only through `save`, which
 * checks every value first (spec §5, and what only the agent can know: is the folder there and
 * writable, is the address this machine's, is the port free), then applies and writes them.
 * A refusal leaves everything as it was.
 *
 * - Profile directory: applies to profiles started afterwards; running ones keep their folder,
 *   and data already in the old folder stays there (the dialog says so) — moving gigabytes of
 *   browser data behind the user's back, across disks, is not something a settings save should do.
 * - Automation: restarted on the new address or port, or stopped; the password and keyless apply
 *   to the next request without a restart. FACET_LOCAL_API_PORT holds until the automation settings are
 *   changed here.
 */
export class LocalSettingsService {
  private settings: LocalSettings;
  private api: AutomationServer | null = null;
  private passwordCheck: ((given: string) => boolean) | null;
  private queue: Promise<unknown> = Promise.resolve();
  readonly defaultProfileDir: string;

  constructor(private readonly deps: LocalSettingsDeps) {
    this.settings = readLocalSettings(deps.dataDir);
    this.defaultProfileDir = path.join(deps.dataDir, 'profiles');
    this.passwordCheck = this.settings.automation.passwordHash ? apiPasswordChecker(this.settings.automation.passwordHash) : null;
  }

  profilesDir(): string {
    return this.settings.profileDir || this.defaultProfileDir;
  }

  diskMinLimitGb(): number {
    return this.settings.diskMinLimitGb;
  }

  /** For the local API, on every request. */
  readonly password = (): ((given: string) => boolean) | null => this.passwordCheck;

  /** For the local API, on every request: whether this user's programs may call it without the key. */
  readonly keyless = (): boolean => this.settings.automation.keyless;

  get automation(): AutomationServer | null {
    return this.api;
  }

  /** Starts the automation API as saved (or as FACET_LOCAL_API_PORT says); a busy port is logged, not fatal. */
  async startAutomation(): Promise<void> {
    const { open, bindip, port } = this.settings.automation;
    if (!open && this.deps.portOverride === null) return;
    const apiPort = this.deps.portOverride ?? port;
    try {
      this.api = await this.deps.startApi(bindip, apiPort);
    } catch (error) {
      // Another client may hold the port, or the saved address left with a network: the desktop
      // client still works, and loopback is the safe place to fall back to.
      this.deps.log(`the local API could not listen on ${bindip}:${apiPort} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
      if (bindip === LOOPBACK) return;
      try {
        this.api = await this.deps.startApi(LOOPBACK, apiPort);
      } catch (again) {
        this.deps.log(`nor on ${LOOPBACK}:${apiPort} (${(again as NodeJS.ErrnoException).code ?? String(again)})`);
      }
    }
  }

  async configInfo(): Promise<LocalClientConfig> {
    const profileDir = this.profilesDir();
    const { passwordHash, keyless } = this.settings.automation;
    // What runs, not only what is saved: with FACET_LOCAL_API_PORT the API listens elsewhere than
    // the saved port, and a dialog showing the saved one would move scripts' API on any save.
    const { open, bindip, port } = this.effectiveAutomation();
    return {
      profileDir,
      diskUse: await diskUse(profileDir),
      diskMinLimit: this.settings.diskMinLimitGb,
      Emulation: { open, bindip, port, password: '', passwordSet: passwordHash !== '', keyless },
      defaultProfileDir: this.defaultProfileDir,
      diskFree: await freeBytes(profileDir).catch(() => null),
      bindAddresses: bindableAddresses(),
      automationAddress: this.api ? `${this.api.host}:${this.api.port}` : null,
    };
  }

  /** One save at a time: a second waits for the first, then checks against what it left. */
  save(input: SaveConfigParameter): Promise<LocalClientConfig> {
    const next = this.queue.then(() => this.saveNow(input));
    this.queue = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    await this.api?.close();
    this.api = null;
  }

  private async saveNow(input: SaveConfigParameter): Promise<LocalClientConfig> {
    const current = this.settings;
    if (validateDiskMinLimit(input.diskMinLimit)) throw new SettingsRefusal(BridgeError.DISK_MIN_LIMIT);
    const { open, bindip } = input.Emulation;
    if (validateAutomationPort(open, input.Emulation.port)) throw new SettingsRefusal(BridgeError.AUTOMATION_PORT);
    // Off, the port field may hold anything; the saved port stays for the next time it is on.
    const port = validateAutomationPort(true, input.Emulation.port) ? current.automation.port : (input.Emulation.port as number);
    // On, the address must be this machine's now; off, it is only kept for later, and an address
    // this machine has since lost (another network) must not block saving the other fields.
    const bindOk = open ? bindableAddresses().includes(bindip) : net.isIP(bindip) !== 0;
    if (!bindOk) throw new SettingsRefusal(BridgeError.BIND_IP, bindip);
    const { profileDir, create } = await this.checkProfileDir(input.profileDir);

    // Automation fields as the dialog showed them (what runs) leave the API and its saved section
    // alone (and FACET_LOCAL_API_PORT with them), unless it should run and does not (its port was
    // taken at start): then a save is the way to try again.
    const effective = this.effectiveAutomation();
    const untouched = open === effective.open && bindip === effective.bindip && port === effective.port;
    const automationChanged = !untouched || (open && !this.api);
    const previous = this.api;
    if (automationChanged) await this.applyAutomation(open ? { bindip, port } : null);
    try {
      if (create) await fs.mkdir(profileDir, { mode: 0o700 });
      const passwordHash = input.Emulation.password === undefined ? current.automation.passwordHash : input.Emulation.password === '' ? '' : hashApiPassword(input.Emulation.password);
      // Left out (an older console) keeps what is saved.
      const keyless = input.Emulation.keyless ?? current.automation.keyless;
      const settings: LocalSettings = {
        profileDir: profileDir === this.defaultProfileDir ? '' : profileDir,
        diskMinLimitGb: input.diskMinLimit as number,
        automation: untouched ? { ...current.automation, passwordHash, keyless } : { open, bindip, port, passwordHash, keyless },
      };
      writeLocalSettings(this.deps.dataDir, settings);
      this.settings = settings;
      if (passwordHash !== current.automation.passwordHash) this.passwordCheck = passwordHash ? apiPasswordChecker(passwordHash) : null;
    } catch (error) {
      if (automationChanged) await this.restoreAutomation(previous);
      throw error;
    }
    return this.configInfo();
  }

  /** The automation API as it runs (on its address and port), else as saved. */
  private effectiveAutomation(): { open: boolean; bindip: string; port: number } {
    if (this.api) return { open: true, bindip: this.api.host, port: this.api.port };
    const { open, bindip, port } = this.settings.automation;
    return { open, bindip, port };
  }

  /** The folder must be absolute and writable; a new one may be made inside an existing writable folder. */
  private async checkProfileDir(given: string): Promise<{ profileDir: string; create: boolean }> {
    if (!path.isAbsolute(given)) throw new SettingsRefusal(BridgeError.PROFILE_DIR_NOT_FOUND, given);
    const profileDir = path.resolve(given);
    const stats = await fs.stat(profileDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      if (error.code === 'ENOTDIR') throw new SettingsRefusal(BridgeError.PROFILE_DIR_NOT_FOUND, profileDir);
      if (error.code === 'EACCES' || error.code === 'EPERM') throw new SettingsRefusal(BridgeError.PROFILE_DIR_NOT_WRITABLE, profileDir);
      throw error;
    });
    if (stats && !stats.isDirectory()) throw new SettingsRefusal(BridgeError.PROFILE_DIR_NOT_FOUND, profileDir);
    const where = stats ? profileDir : path.dirname(profileDir);
    if (!stats) {
      const parent = await fs.stat(where).catch(() => null);
      if (!parent?.isDirectory()) throw new SettingsRefusal(BridgeError.PROFILE_DIR_NOT_FOUND, profileDir);
    }
    const writable = await probeWritable(where).catch((error: unknown) => {
      throw new SettingsRefusal(BridgeError.PROFILE_DIR_NOT_WRITABLE, String(error));
    });
    if (!writable) throw new SettingsRefusal(BridgeError.PROFILE_DIR_NOT_WRITABLE, profileDir);
    return { profileDir, create: !stats };
  }

  /**
   * Moves the API to the wanted address (null: stops it). A new port is opened before the old
   * one closes, so a port that is taken refuses the save with the old API still answering; on
   * the same port the old one must close first, and is opened again if the new bind fails.
   */
  private async applyAutomation(wanted: { bindip: string; port: number } | null): Promise<void> {
    const old = this.api;
    if (!wanted) {
      await old?.close();
      this.api = null;
      return;
    }
    if (old && old.port === wanted.port) {
      await old.close();
      this.api = null;
      try {
        this.api = await this.deps.startApi(wanted.bindip, wanted.port);
      } catch (error) {
        await this.restoreAutomation(old);
        throw new SettingsRefusal(listenFailureCode(error), String(error));
      }
      return;
    }
    try {
      this.api = await this.deps.startApi(wanted.bindip, wanted.port);
    } catch (error) {
      throw new SettingsRefusal(listenFailureCode(error), String(error));
    }
    await old?.close();
  }

  /** Back to the API as it was before a save that failed after moving it (best effort, logged). */
  private async restoreAutomation(previous: AutomationServer | null): Promise<void> {
    if (this.api && this.api !== previous) await this.api.close();
    this.api = null;
    if (!previous) return;
    try {
      this.api = await this.deps.startApi(previous.host, previous.port);
    } catch (error) {
      this.deps.log(`the local API could not return to ${previous.host}:${previous.port} (${String(error)})`);
    }
  }
}
