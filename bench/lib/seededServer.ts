import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { loginCall, publicConfigSchema } from '@facet/contracts';
import { dropDatabase, freshDatabase, settleDatabase } from './benchDatabase.ts';
import { operatorCli } from './operatorCli.ts';
import { seedProfiles } from './seed.ts';
import { startServer, type BenchServer } from './serverProcess.ts';

export interface SeededServer {
  server: BenchServer;
  signKey: string;
  /** A signed-in session of the account that holds the profiles. */
  auth: string;
  /** The same data under another server process (e.g. with `--cpu-prof`); the old one is stopped first. */
  restart(nodeArgs: string[]): Promise<BenchServer>;
  dataDir: string;
}

/**
 * A server on a fresh database (SQLite in a temporary folder, or a new PostgreSQL database beside
 * DATABASE_URL's) whose one account holds `profiles` profiles, signed in, its fingerprint pool
 * full, PostgreSQL vacuumed and checkpointed after the seeding (settleDatabase); `work` runs
 * against it and everything is removed afterwards.
 */
export async function withSeededServer<T>(engine: 'sqlite' | 'postgres', port: number, profiles: number, work: (seeded: SeededServer) => Promise<T>): Promise<T> {
  const email = 'bench@example.test';
  const password = 'bench password 1';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `facet-bench-${engine}-`));
  const databaseUrl = engine === 'postgres' ? await freshDatabase(process.env.DATABASE_URL!) : null;
  const env = { FACET_DATA_DIR: dataDir, FACET_DATA_KEY: randomBytes(32).toString('base64url'), DATABASE_URL: databaseUrl ?? '' };
  let server: BenchServer | null = null;
  try {
    server = await startServer(env, port);
    operatorCli(env, 'create-user', '--email', email, '--password', password);
    await seedProfiles({ dataDir, databaseUrl, dataKey: env.FACET_DATA_KEY, email, count: profiles });
    if (databaseUrl) await settleDatabase(databaseUrl);
    const { signKey } = publicConfigSchema.parse(await (await fetch(`${server.url}/config.json`)).json());
    const client = new ApiClient({ baseUrl: server.url, signKey, credentials: memoryCredentialStore(null), getLanguage: () => 0 });
    const { auth } = await client.call(loginCall, { account: email, passwd: password, isKeep: 1 });
    // A running server keeps fingerprints ready; let that settle before anything is measured.
    await server.waitFor(/"os":"windows".*fingerprint pool full/);
    const seeded: SeededServer = {
      server,
      signKey,
      auth,
      dataDir,
      restart: async (nodeArgs) => {
        await server!.stop();
        server = null;
        server = await startServer(env, port, nodeArgs);
        await server.waitFor(/"os":"windows".*fingerprint pool full/);
        seeded.server = server;
        return server;
      },
    };
    return await work(seeded);
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(process.env.DATABASE_URL!, databaseUrl);
  }
}

/**
 * `run` on SQLite and, with DATABASE_URL, PostgreSQL, each on its own port (`ports`);
 * BENCH_ENGINES=sqlite or =postgres keeps one.
 */
export async function onEachEngine<T>(ports: { sqlite: number; postgres: number }, run: (engine: 'sqlite' | 'postgres', port: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  if (process.env.BENCH_ENGINES !== 'postgres') results.push(await run('sqlite', ports.sqlite));
  if (process.env.DATABASE_URL && process.env.BENCH_ENGINES !== 'sqlite') results.push(await run('postgres', ports.postgres));
  return results;
}
