import fs from 'node:fs';
import os from 'node:os';

/**
 * What this machine's Chromium reports by itself for the fields the profile may also claim.
 * Where the profile claims the same, nothing has to carry it: no page script for it.
 */
export interface MachineFacts {
  /** navigator.deviceMemory, in GiB. */
  deviceMemory: number;
  /** navigator.platform in workers, where CDP's override does not reach: the build's OS, reduced. */
  workerPlatform: string;
  /** WebGL renders in software (SwiftShader): no GPU render node, or Chromium told not to use it. */
  softwareGpu: boolean;
}

/**
 * navigator.deviceMemory as Chromium 156 computes it on a desktop
 * (third_party/blink/common/device_memory/approximated_device_memory.cc): physical memory in
 * MiB, rounded to the nearer power of two (the lower one on a tie), in GiB, kept within
 * 2–32 (kUpdatedDeviceMemoryLimitsFor2026; 0.25–8 before it).
 */
function deviceMemoryFor(physicalBytes: number): number {
  const mib = Math.floor(physicalBytes / 2 ** 20);
  if (mib <= 0) return 2;
  const lower = 2 ** Math.floor(Math.log2(mib));
  const upper = lower * 2;
  const gib = (mib - lower <= upper - mib ? lower : upper) / 1024;
  return Math.min(32, Math.max(2, gib));
}

/** Whether Linux offers a GPU render node (/dev/dri/renderD*), which Chromium's GPU process needs. */
function hasRenderNode(): boolean {
  try {
    return fs.readdirSync('/dev/dri').some((name) => name.startsWith('renderD'));
  } catch {
    return false;
  }
}

/** `args`: the switches every browser gets (--disable-gpu makes WebGL software even with a GPU). */
export function machineFacts(args: readonly string[] = []): MachineFacts {
  return { deviceMemory: deviceMemoryFor(os.totalmem()), workerPlatform: 'Linux x86_64', softwareGpu: args.includes('--disable-gpu') || !hasRenderNode() };
}
