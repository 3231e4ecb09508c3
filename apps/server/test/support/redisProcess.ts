import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';

/** Whether `redis-server` can be started here (the Debian package `redis-server`). */
export const canStartRedis = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

export interface TestRedis {
  url: string;
  /** Kills it at once (SIGKILL), as a crash or a lost network would. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty (no persistence); nothing if it runs. */
  start(): Promise<void>;
}

/** A Redis of a test's own on 127.0.0.1, for what cannot be done to the shared one: stopping it. */
export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await listening(port);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    kill: async () => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function listening(port: number): Promise<void> {
  const end = Date.now() + 10_000;
  for (;;) {
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket.end() && true));
      socket.once('error', () => resolve(false));
    });
    if (connected) return;
    if (Date.now() > end) throw new Error(`redis-server did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
