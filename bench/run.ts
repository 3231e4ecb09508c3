import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { loginCall, memberCall, profileBatchCreateCall, profileCreateCall, profileListCall, publicConfigSchema } from '@facet/contracts';
import { benchCdpRoundTrip } from './cdpRoundTrip.ts';
import { dropDatabase, freshDatabase } from './lib/benchDatabase.ts';
import { benchLaunch } from './launch.ts';
import { benchListRates } from './listRates.ts';
import { operatorCli } from './lib/operatorCli.ts';
import { profileTemplate as template } from './lib/profileTemplate.ts';
import { benchProfileSync } from './profileSync.ts';
import { benchRelay } from './relay.ts';
import { benchRequestCpu } from './requestCpu.ts';
import { benchSynchronizer } from './synchronizer.ts';
import { benchRemote } from './remote.ts';
import { onEachEngine } from './lib/seededServer.ts';
import { seedProfiles } from './lib/seed.ts';
import { repoRoot, startServer } from './lib/serverProcess.ts';
import { signedLoad, type LoadResult } from './lib/signedLoad.ts';

/**
 * `npm run bench`: batch create and list latency, on SQLite and (with DATABASE_URL) on
 * PostgreSQL. Each figure comes with a baseline measured in the same run, and the results are
 * appended to docs/benchmarks.md with the machine and the date.
 */
const LIST_PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SEARCH_RATE = Number(process.env.BENCH_SEARCH_RATE ?? 2);
const EMAIL = 'bench@example.test';
const PASSWORD = 'bench password 1';

interface EngineResult {
  engine: string;
  batchMs: number;
  singleMs: number;
  member: LoadResult;
  list: LoadResult;
  search: LoadResult;
}

/**
 * `searchOnly` (`npm run bench -- search`): the seeded account and the search alone, at
 * BENCH_SEARCH_RATE, beside the `member` call at the same rate — without the create and 500/s
 * list phases, whose backlog a small or shared machine carries into the search.
 */
async function benchEngine(engine: 'sqlite' | 'postgres', port: number, searchOnly = false): Promise<EngineResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `facet-bench-${engine}-`));
  const dataKey = randomBytes(32).toString('base64url');
  let databaseUrl: string | null = null;
  if (engine === 'postgres') databaseUrl = await freshDatabase(process.env.DATABASE_URL!);
  const env = { FACET_DATA_DIR: dataDir, FACET_DATA_KEY: dataKey, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }) };
  const server = await startServer(env, port);
  try {
    operatorCli(env, 'create-user', '--email', EMAIL, '--password', PASSWORD);
    const { signKey } = publicConfigSchema.parse(await (await fetch(`${server.url}/config.json`)).json());
    const client = new ApiClient({ baseUrl: server.url, signKey, credentials: memoryCredentialStore(null), getLanguage: () => 0 });
    const grant = await client.call(loginCall, { account: EMAIL, passwd: PASSWORD, isKeep: 1 });
    client.adopt(grant);
    const { auth } = grant;

    // A running server keeps fingerprints ready (FACET_FINGERPRINT_POOL); measure it that way.
    await server.waitFor(/"os":"windows".*fingerprint pool full/);
    if (searchOnly) {
      log(`${engine}: seeding ${LIST_PROFILES.toLocaleString('en')} profiles…`);
      await seedProfiles({ dataDir, databaseUrl, dataKey, email: EMAIL, count: LIST_PROFILES });
      const load = (call: typeof memberCall | typeof profileListCall, payload: () => unknown) =>
        signedLoad({ url: server.url, signKey, auth, call, payload, rate: SEARCH_RATE, seconds: SECONDS });
      const member = await load(memberCall, () => ({}));
      let n = 0;
      const search = await load(profileListCall, () => ({ search: `seed 0${String((n++ * 7919) % 99_000).padStart(5, '0')}`, limit: 20 }));
      for (const [name, r] of [['member (baseline)', member], ['list search', search]] as const) {
        log(`${engine}: ${name} at ${SEARCH_RATE}/s: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.requests} requests, ${r.failures} failures`);
      }
      return { engine, batchMs: 0, singleMs: 0, member, list: search, search };
    }
    // Baseline for batch create: 100 single creates, scaled to 1,000.
    let started = performance.now();
    for (let i = 0; i < 100; i++) await client.call(profileCreateCall, { settings: { ...template, name: `Single ${i}` } });
    const singleMs = ((performance.now() - started) / 100) * 1000;
    started = performance.now();
    await client.call(profileBatchCreateCall, { template, count: 1000 });
    const batchMs = performance.now() - started;
    log(`${engine}: batch 1,000 in ${batchMs.toFixed(0)} ms (1,000 single creates ≈ ${singleMs.toFixed(0)} ms)`);

    log(`${engine}: seeding ${LIST_PROFILES.toLocaleString('en')} profiles…`);
    await seedProfiles({ dataDir, databaseUrl, dataKey, email: EMAIL, count: LIST_PROFILES - 1100 });
    const total = (await client.call(profileListCall, {})).total;
    log(`${engine}: the account holds ${total.toLocaleString('en')} profiles`);

    const load = (call: typeof memberCall | typeof profileListCall, payload: () => unknown, rate = RATE) =>
      signedLoad({ url: server.url, signKey, auth, call, payload, rate, seconds: SECONDS });
    const member = await load(memberCall, () => ({}));
    let page = 0;
    const list = await load(profileListCall, () => ({ page: (page++ % 50) + 1, limit: 20 }));
    // A search goes through the trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL); before it, a
    // search scanned the account and ran at 2/s. BENCH_SEARCH_RATE sets the rate (issue 16: 50/s).
    const search = await load(profileListCall, () => ({ search: `seed 0${String(page++ % 99_000).padStart(5, '0')}`, limit: 20 }), SEARCH_RATE);
    for (const [name, r] of [['member (baseline)', member], ['list page', list], ['list search', search]] as const) {
      log(`${engine}: ${name} at ${name === 'list search' ? SEARCH_RATE : RATE}/s: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.requests} requests, ${r.failures} failures`);
    }
    return { engine, batchMs, singleMs, member, list, search };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(process.env.DATABASE_URL!, databaseUrl);
  }
}

function log(line: string) {
  console.log(line);
}

function report(results: EngineResult[]): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '',
    `## ${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    '',
    `List over ${LIST_PROFILES.toLocaleString('en')} profiles in one account, ${RATE} requests/s for ${SECONDS} s, evenly spaced, each timed from when it was due (bench/lib/signedLoad.ts; loopback, every request signed). Baseline: the \`member\` call at the same rate.`,
    '',
    `| Engine | Batch 1,000 | 1,000 single creates | Ratio | member p50/p99 | list p50/p99 | list ratio (p99) | list rate reached | search p50/p99 (at ${SEARCH_RATE}/s) | failures |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.engine} | ${r.batchMs.toFixed(0)} ms | ${r.singleMs.toFixed(0)} ms | ${(r.batchMs / r.singleMs).toFixed(2)} | ${r.member.p50}/${r.member.p99} ms | ${r.list.p50}/${r.list.p99} ms | ${(r.list.p99 / Math.max(1, r.member.p99)).toFixed(2)} | ${r.list.rate.toFixed(0)}/s | ${r.search.p50}/${r.search.p99} ms | ${r.member.failures + r.list.failures + r.search.failures} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

function searchReport(results: EngineResult[]): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return [
    '',
    `## ${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version} — search`,
    '',
    `Search (\`npm run bench -- search\`) over ${LIST_PROFILES.toLocaleString('en')} profiles in one account, ${SEARCH_RATE} requests/s for ${SECONDS} s, each a different name (\`seed 0NNNNN\`), page of 20 with its total. Baseline: the \`member\` call at the same rate. Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`,
    '',
    `| Engine | member p50/p99 | search p50/p99 | search ratio (p99) | search rate reached | failures |`,
    '|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.engine} | ${r.member.p50}/${r.member.p99} ms | ${r.search.p50}/${r.search.p99} ms | ${(r.search.p99 / Math.max(1, r.member.p99)).toFixed(2)} | ${r.search.rate.toFixed(0)}/s | ${r.member.failures + r.search.failures} |`),
    '',
  ].join('\n');
}

// `npm run bench` runs them all; `npm run bench -- list`, `-- search`, `-- cpu`, `-- rates`, `-- launch`, `-- cdp`, `-- sync`, `-- relay`, `-- synchronizer` or `-- remote` one of them.
const only = process.argv[2];
const file = path.join(repoRoot, 'docs/benchmarks.md');
const ports = { sqlite: 18480, postgres: 18481 };
if (only === undefined || only === 'list') {
  const results = await onEachEngine(ports, (engine, port) => benchEngine(engine, port));
  fs.appendFileSync(file, report(results));
  console.log(report(results));
}
if (only === 'search') {
  const results = await onEachEngine(ports, (engine, port) => benchEngine(engine, port, true));
  fs.appendFileSync(file, searchReport(results));
  console.log(searchReport(results));
}
// Each of these appends its own section.
const sections: Record<string, () => Promise<string>> = { cpu: benchRequestCpu, rates: benchListRates, launch: benchLaunch, cdp: benchCdpRoundTrip, sync: benchProfileSync, relay: benchRelay, synchronizer: benchSynchronizer, remote: benchRemote };
for (const [name, bench] of Object.entries(sections)) {
  if (only !== undefined && only !== name) continue;
  const section = await bench();
  fs.appendFileSync(file, section);
  console.log(section);
}
