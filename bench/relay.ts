import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { loginCall, profileCreateCall, profileLaunchCall, profileShareCall, publicConfigSchema } from '@facet/contracts';
import { Server } from 'proxy-chain';
import { readOrCreateDeviceKey } from '../apps/agent/src/storage/deviceKey.ts';
import { operatorCli } from './lib/operatorCli.ts';
import { profileTemplate } from './lib/profileTemplate.ts';
import { fetchThroughProxy, fetchThroughTunnel, startByteSite, type ProxyCredential } from './lib/proxiedRequests.ts';
import { startServer } from './lib/serverProcess.ts';

/**
 * What the server's proxy relay costs a recipient of a shared profile (issue 34), in one run, all
 * on loopback: pages and bytes fetched through the relay and the owner's proxy (relay →
 * upstream), against the same through the owner's proxy directly (the baseline: what the owner's
 * own browser does). Three shapes: a plain HTTP request on a connection of its own (the relay
 * checks the credential against the database for each), a CONNECT tunnel per origin carrying
 * several pages (checked once), and one large download in a tunnel (bytes per second). Rounds
 * alternate which path goes first. The server's CPU per relayed request comes from /proc.
 */
const ROUNDS = Number(process.env.BENCH_RELAY_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_RELAY_REQUESTS ?? 200);
const PAGE_BYTES = 16 * 1024;
const TUNNELS = 40;
const PAGES_PER_TUNNEL = 10;
const LARGE_BYTES = 64 * 2 ** 20;
const TICK_MS = 1000 / 100; // USER_HZ on Linux

function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

interface Shape {
  name: string;
  unit: string;
  /** One measurement through the proxy at `port` with `credential`: ms per unit. */
  run: (port: number, credential: ProxyCredential) => Promise<number>;
}

export async function benchRelay(): Promise<string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-bench-relay-'));
  const owner = { email: 'owner@example.test', password: 'bench password 1' };
  const recipient = { email: 'recipient@example.test', password: 'bench password 2' };
  const ownerAccount: ProxyCredential = { username: 'owner-user', password: 'owner-proxy-secret' };
  const env = { FACET_DATA_DIR: path.join(root, 'server'), FACET_DATA_KEY: randomBytes(32).toString('base64url'), DATABASE_URL: '', FACET_FINGERPRINT_POOL: '0', FACET_RELAY_PORT: '18482', FACET_RELAY_PRIVATE_UPSTREAMS: '1' };
  const site = await startByteSite();
  const upstream = new Server({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ username, password }) => ({ requestAuthentication: username !== ownerAccount.username || password !== ownerAccount.password }),
  });
  upstream.on('requestFailed', () => {});
  await upstream.listen();
  const server = await startServer(env, 18480);
  try {
    operatorCli(env, 'create-user', '--email', owner.email, '--password', owner.password);
    operatorCli(env, 'create-user', '--email', recipient.email, '--password', recipient.password);
    const { signKey } = publicConfigSchema.parse(await (await fetch(`${server.url}/config.json`)).json());
    const signedIn = async (who: typeof owner) => {
      const client = new ApiClient({ baseUrl: server.url, signKey, credentials: memoryCredentialStore(null), getLanguage: () => 0 });
      client.adopt(await client.call(loginCall, { account: who.email, passwd: who.password, isKeep: 0 }));
      return client;
    };
    const [ownerClient, recipientClient] = await Promise.all([signedIn(owner), signedIn(recipient)]);
    const { profile } = await ownerClient.call(profileCreateCall, { settings: { ...profileTemplate, proxy: { type: 'http', host: '127.0.0.1', port: upstream.port, ...ownerAccount } } });
    await ownerClient.call(profileShareCall, { mode: 'accounts', ids: [profile.id], accounts: [recipient.email], permission: 'run' });
    const device = readOrCreateDeviceKey(path.join(root, 'agent'));
    const ticket = await recipientClient.call(profileLaunchCall, { id: profile.id, deviceKey: device.publicKey });
    const sealed = device.open(ticket.sealed, profile.id);
    const relayCredential: ProxyCredential = { username: sealed.proxyUsername, password: sealed.proxyPassword };
    const relayPort = ticket.profile.proxy.port;

    const page = `http://${site.host}/bytes/${PAGE_BYTES}`;
    const shapes: Shape[] = [
      {
        name: `HTTP request, a connection each (${PAGE_BYTES / 1024} KiB)`,
        unit: 'ms per request',
        run: async (port, credential) => (await timed(async () => { for (let i = 0; i < REQUESTS; i++) await fetchThroughProxy(port, credential, page); })) / REQUESTS,
      },
      {
        name: `CONNECT tunnel, ${PAGES_PER_TUNNEL} pages in each (${PAGE_BYTES / 1024} KiB)`,
        unit: 'ms per tunnel',
        run: async (port, credential) =>
          (await timed(async () => { for (let i = 0; i < TUNNELS; i++) await fetchThroughTunnel(port, credential, site.host, Array.from({ length: PAGES_PER_TUNNEL }, () => `/bytes/${PAGE_BYTES}`)); })) / TUNNELS,
      },
      {
        name: `${LARGE_BYTES / 2 ** 20} MiB in one tunnel`,
        unit: 'ms per MiB',
        run: async (port, credential) => (await timed(() => fetchThroughTunnel(port, credential, site.host, [`/bytes/${LARGE_BYTES}`]))) / (LARGE_BYTES / 2 ** 20),
      },
    ];
    // Warm both paths (JIT, the server's statement cache) before anything is timed.
    await fetchThroughProxy(upstream.port, ownerAccount, page);
    await fetchThroughProxy(relayPort, relayCredential, page);

    const rows: string[] = [];
    let relayedRequests = 0;
    let relayCpuMs = 0;
    for (const shape of shapes) {
      const direct: number[] = [];
      const relayed: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const runDirect = async () => direct.push(await shape.run(upstream.port, ownerAccount));
        const runRelayed = async () => {
          const cpuBefore = processCpuMs(server.pid);
          relayed.push(await shape.run(relayPort, relayCredential));
          if (shape === shapes[0]) {
            relayCpuMs += processCpuMs(server.pid) - cpuBefore;
            relayedRequests += REQUESTS;
          }
        };
        if (round % 2 === 0) {
          await runDirect();
          await runRelayed();
        } else {
          await runRelayed();
          await runDirect();
        }
      }
      const [d, r] = [median(direct), median(relayed)];
      console.log(`relay: ${shape.name}: upstream directly ${d.toFixed(2)} ${shape.unit}, through the relay ${r.toFixed(2)} (×${(r / d).toFixed(2)})`);
      rows.push(`| ${shape.name} | ${d.toFixed(2)} ${shape.unit} | ${r.toFixed(2)} ${shape.unit} | ${(r / d).toFixed(2)} |`);
    }
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    return [
      '',
      `## ${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version} — proxy relay`,
      '',
      `The server's proxy relay for run-only recipients of shared profiles (\`npm run bench -- relay\`, bench/relay.ts): a local site, the owner's proxy (proxy-chain with Basic auth) and the server (SQLite) on loopback. Baseline: the same requests through the owner's proxy directly. Median of ${ROUNDS} rounds, alternating which path goes first. The server spent ${(relayCpuMs / Math.max(1, relayedRequests)).toFixed(2)} ms of CPU per relayed request on a connection of its own (the credential checked against the database each time). Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`,
      '',
      '| Shape | Owner\'s proxy directly | Relay → owner\'s proxy | Ratio |',
      '|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
  } finally {
    await server.stop();
    await upstream.close(true);
    await site.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
