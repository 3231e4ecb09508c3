import os from 'node:os';
import { memberCall, profileListCall } from '@facet/contracts';
import { onEachEngine, withSeededServer } from './lib/seededServer.ts';
import { signedLoad, type LoadResult } from './lib/signedLoad.ts';

/**
 * `npm run bench -- rates`: the browser list (a page of 20 of 100,000 profiles) at rising
 * steady rates, each beside the `member` call at the same rate, on SQLite and (with
 * DATABASE_URL) PostgreSQL; the highest rate whose list p99 stays within 20 ms. Issue 3's list
 * benchmark asked for 500 requests/s at p99 ≤ 20 ms.
 */
const PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
const RATES = (process.env.BENCH_RATES ?? '200,300,400,500,600,700').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const P99_LIMIT_MS = 20;

interface RateRow {
  rate: number;
  member: LoadResult;
  list: LoadResult;
}

interface EngineRates {
  engine: string;
  rows: RateRow[];
}

async function benchEngine(engine: 'sqlite' | 'postgres', port: number): Promise<EngineRates> {
  return withSeededServer(engine, port, PROFILES, async ({ server, signKey, auth }) => {
    let page = 0;
    const listPayload = () => ({ page: (page++ % 50) + 1, limit: 20 });
    const load = (call: typeof memberCall | typeof profileListCall, payload: () => unknown, rate: number, seconds = SECONDS) =>
      signedLoad({ url: server.url, signKey, auth, call, payload, rate, seconds });
    await load(profileListCall, listPayload, RATES[0]!, 2);
    const rows: RateRow[] = [];
    for (const rate of RATES) {
      const member = await load(memberCall, () => ({}), rate);
      const list = await load(profileListCall, listPayload, rate);
      console.log(`${engine}: ${rate}/s: member p50 ${member.p50} / p99 ${member.p99} ms; list p50 ${list.p50} / p99 ${list.p99} ms, ${list.rate.toFixed(0)}/s reached, ${list.failures} failures`);
      rows.push({ rate, member, list });
    }
    return { engine, rows };
  });
}

/** The highest rate of the sweep at which every rate up to it kept the list's p99 within the limit. */
function highestWithin(rows: RateRow[]): number | null {
  let best: number | null = null;
  for (const row of rows) {
    if (row.list.p99 > P99_LIMIT_MS || row.list.failures > 0) break;
    best = row.rate;
  }
  return best;
}

function report(results: EngineRates[]): string {
  const lines = [
    '',
    `## ${new Date().toISOString().slice(0, 10)} — list rates — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
    '',
    `\`npm run bench -- rates\`: the list (a page of 20 of ${PROFILES.toLocaleString('en')} profiles, pages 1–50) for ${SECONDS} s at each rate, evenly spaced, every request signed, the load generator on the same machine; beside it the \`member\` call at the same rate. Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`,
    '',
    `| Engine | Rate | member p50/p99 | list p50/p99 | list p99 / member p99 | list rate reached | failures |`,
    '|---|---|---|---|---|---|---|',
    ...results.flatMap((r) =>
      r.rows.map((row) => `| ${r.engine} | ${row.rate}/s | ${row.member.p50}/${row.member.p99} ms | ${row.list.p50}/${row.list.p99} ms | ${(row.list.p99 / Math.max(0.1, row.member.p99)).toFixed(2)} | ${row.list.rate.toFixed(0)}/s | ${row.member.failures + row.list.failures} |`),
    ),
    '',
    ...results.map((r) => {
      const best = highestWithin(r.rows);
      return `- ${r.engine}: list p99 ≤ ${P99_LIMIT_MS} ms up to ${best === null ? `none of the rates measured (lowest ${r.rows[0]?.rate}/s)` : `${best}/s`} in this run.`;
    }),
    '',
  ];
  return lines.join('\n');
}

export async function benchListRates(): Promise<string> {
  return report(await onEachEngine({ sqlite: 18484, postgres: 18485 }, benchEngine));
}
