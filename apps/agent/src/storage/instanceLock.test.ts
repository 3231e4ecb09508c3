import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimInstance } from './instanceLock.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-lock-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A pid no process has: one that has just exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('claimInstance', () => {
  it('lets one agent hold a data folder, and tells a second where the first one is', () => {
    const first = claimInstance(dataDir);
    if ('running' in first) throw new Error('the first claim must succeed');
    first.setUrl('http://127.0.0.1:8481/');
    // Another process holding it: this process's parent stands in for the first agent.
    fs.writeFileSync(path.join(dataDir, 'agent.lock'), JSON.stringify({ pid: process.ppid, url: 'http://127.0.0.1:8481/' }));
    const second = claimInstance(dataDir);
    expect(second).toEqual({ running: { pid: process.ppid, url: 'http://127.0.0.1:8481/' } });
  });

  it('takes over the lock of an agent that died, and releases it at exit', () => {
    fs.writeFileSync(path.join(dataDir, 'agent.lock'), JSON.stringify({ pid: deadPid(), url: 'http://127.0.0.1:1/' }));
    const lock = claimInstance(dataDir);
    if ('running' in lock) throw new Error('a dead agent holds nothing');
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'agent.lock'), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(path.join(dataDir, 'agent.lock'))).toBe(false);
  });
});
