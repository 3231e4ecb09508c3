import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { memberCall, profileListCall } from '@facet/contracts';
import { partsOf, requestParts, type CpuProfile } from './lib/cpuProfileParts.ts';
import { onEachEngine, withSeededServer } from './lib/seededServer.ts';
import type { BenchServer } from './lib/serverProcess.ts';
import { signedLoad, type LoadResult } from './lib/signedLoad.ts';

/**
 * `npm run bench -- cpu`: the server's CPU per request for the list call (a page of 20 of
 * 100,000 profiles) and, as its baseline, the `member` call, read from /proc over a steady load;
 * then the same list load under `--cpu-prof`, split into the request's parts
 * (bench/lib/cpuProfileParts.ts). PostgreSQL's own CPU (all its processes) is read beside it.
 */
const PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
const RATE = Number(process.env.BENCH_CPU_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TICK_MS = 1000 / 100; // USER_HZ on Linux

function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU of every process named postgres (the server and its backends). */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += processCpuMs(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

interface Measured {
  load: LoadResult;
  serverMsPerRequest: number;
  postgresMsPerRequest: number;
}

async function measure(server: BenchServer, run: () => Promise<LoadResult>): Promise<Measured & { fromUs: number; toUs: number }> {
  const serverBefore = processCpuMs(server.pid);
  const postgresBefore = postgresCpuMs();
  const fromUs = Number(process.hrtime.bigint() / 1000n);
  const load = await run();
  const toUs = Number(process.hrtime.bigint() / 1000n);
  const served = load.requests - load.failures;
  return {
    load,
    serverMsPerRequest: (processCpuMs(server.pid) - serverBefore) / served,
    postgresMsPerRequest: (postgresCpuMs() - postgresBefore) / served,
    fromUs,
    toUs,
  };
}

export interface RequestCpuResult {
  engine: string;
  member: Measured;
  list: Measured;
  parts: Map<string, number>;
  profiledRequests: number;
}

async function benchEngine(engine: 'sqlite' | 'postgres', port: number): Promise<RequestCpuResult> {
  return withSeededServer(engine, port, PROFILES, async (seeded) => {
    const { signKey, auth } = seeded;
    let page = 0;
    const listPayload = () => ({ page: (page++ % 50) + 1, limit: 20 });
    const load = (s: BenchServer, call: typeof memberCall | typeof profileListCall, payload: () => unknown) =>
      measure(s, () => signedLoad({ url: s.url, signKey, auth, call, payload, rate: RATE, seconds: SECONDS }));
    // Warm: the first requests compile what every later one reuses.
    const warm = (s: BenchServer) => signedLoad({ url: s.url, signKey, auth, call: profileListCall, payload: listPayload, rate: RATE, seconds: 2 });

    await warm(seeded.server);
    const member = await load(seeded.server, memberCall, () => ({}));
    const list = await load(seeded.server, profileListCall, listPayload);

    // The same load under the sampling profiler, for the split (the profiler adds its own cost).
    const profileDir = path.join(seeded.dataDir, 'cpu-profile');
    const profiling = await seeded.restart(['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
    await warm(profiling);
    const profiled = await load(profiling, profileListCall, listPayload);
    await profiling.stop();
    // One file per thread (the main thread's and each worker's, e.g. password hashing): the
    // requests run on the main thread, whose profile is the largest.
    const file = fs
      .readdirSync(profileDir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .sort((a, b) => fs.statSync(path.join(profileDir, b)).size - fs.statSync(path.join(profileDir, a)).size)[0];
    if (!file) throw new Error('the server wrote no CPU profile');
    const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
    const served = profiled.load.requests - profiled.load.failures;
    const parts = new Map([...partsOf(profile, profiled.fromUs, profiled.toUs)].map(([part, ms]) => [part, ms / served] as const));
    if (parts.size === 0) throw new Error('no profile samples fell in the load window');
    if (process.env.BENCH_KEEP_PROFILE) fs.copyFileSync(path.join(profileDir, file), path.join(process.env.BENCH_KEEP_PROFILE, `${engine}.cpuprofile`));
    return { engine, member, list, parts, profiledRequests: served };
  });
}

function report(results: RequestCpuResult[]): string {
  const ms = (n: number | undefined) => (n ?? 0).toFixed(3);
  const lines = [
    '',
    `## ${new Date().toISOString().slice(0, 10)} — server CPU per request — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
    '',
    `\`npm run bench -- cpu\`: ${RATE} requests/s for ${SECONDS} s, each freshly signed, over ${PROFILES.toLocaleString('en')} profiles in one account; CPU of the server process (and of all PostgreSQL processes) from /proc, divided by the requests answered. Baseline: the \`member\` call. Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`,
    '',
    '| Engine | member: server ms/request | list: server ms/request | list: PostgreSQL ms/request | list ratio to member | list p50/p99 |',
    '|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.engine} | ${ms(r.member.serverMsPerRequest)} | ${ms(r.list.serverMsPerRequest)} | ${r.engine === 'postgres' ? ms(r.list.postgresMsPerRequest) : '—'} | ${(r.list.serverMsPerRequest / r.member.serverMsPerRequest).toFixed(2)} | ${r.list.load.p50}/${r.list.load.p99} ms |`),
    '',
    `The list call's server CPU by part, ms per request, from a second run of the same load under \`--cpu-prof\` (which adds its own cost; bench/lib/cpuProfileParts.ts says how samples are attributed):`,
    '',
    `| Part | ${results.map((r) => r.engine).join(' | ')} |`,
    `|---|${results.map(() => '---').join('|')}|`,
    ...requestParts.map((part) => `| ${part} | ${results.map((r) => ms(r.parts.get(part))).join(' | ')} |`),
    `| all | ${results.map((r) => ms([...r.parts.values()].reduce((a, b) => a + b, 0))).join(' | ')} |`,
    '',
  ];
  return lines.join('\n');
}

export async function benchRequestCpu(): Promise<string> {
  return report(await onEachEngine({ sqlite: 18482, postgres: 18483 }, benchEngine));
}
