import fs from 'node:fs';
import os from 'node:os';
import type { HostLoad } from '@facet/contracts';

interface CpuTimes {
  busy: number;
  total: number;
}

function cpuTimes(): CpuTimes {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/**
 * Memory as the system counts it: used is total less what is available for new work
 * (MemAvailable, page cache included, where the kernel reports it), else less what is free.
 */
function memoryMb(meminfo = '/proc/meminfo'): { usedMb: number; totalMb: number } {
  const totalBytes = os.totalmem();
  let availableBytes = os.freemem();
  try {
    const match = /^MemAvailable:\s+(\d+) kB/m.exec(fs.readFileSync(meminfo, 'utf8'));
    if (match) availableBytes = Number(match[1]) * 1024;
  } catch {
    // Not Linux, or no /proc: os.freemem() stands in.
  }
  const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
  return { usedMb: Math.max(0, mb(totalBytes - availableBytes)), totalMb: Math.max(1, mb(totalBytes)) };
}

/**
 * The host's load as its link reports it: the processor's busy share since the last sample
 * (all cores together, from the kernel's per-core time counters), memory, and what it runs.
 */
export class HostLoadSampler {
  private last = cpuTimes();

  sample(running: { profiles: number; streams: number }): HostLoad {
    const now = cpuTimes();
    const total = now.total - this.last.total;
    const busy = now.busy - this.last.busy;
    this.last = now;
    const cpuPercent = total > 0 ? Math.min(100, Math.max(0, Math.round((busy / total) * 1000) / 10)) : 0;
    const { usedMb, totalMb } = memoryMb();
    return { cores: Math.max(1, os.cpus().length), cpuPercent, memoryUsedMb: usedMb, memoryTotalMb: totalMb, profiles: running.profiles, streams: running.streams };
  }
}
