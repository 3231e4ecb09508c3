import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/**
 * s3rver's one account. It refuses any other access key, but checks no SigV4 signature, so a
 * test of refused credentials changes the key, not only the secret.
 */
export const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  port: number;
  /** FACET_S3_URL for this server: the first bucket unless named, a folder of it if asked. */
  url(options?: { bucket?: string; prefix?: string; key?: string; secret?: string }): string;
  stop(): Promise<void>;
}

/** A real S3-protocol server on 127.0.0.1 with empty buckets, in its own folder and process. */
export async function startTestS3(buckets: readonly string[] = ['facet-test']): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-s3rver-'));
  const script = path.join(import.meta.dirname, 's3rverProcess.mjs');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', script, directory, buckets.join(',')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    // After the first line this settles nothing: a promise settles once.
    child.once('exit', (code) => reject(new Error(`s3rver exited (${String(code)}) before listening`)));
  });
  const { port } = JSON.parse(first) as { port: number };
  return {
    port,
    url: ({ bucket = buckets[0], prefix, key = S3RVER_KEY, secret = S3RVER_KEY } = {}) => `s3+http://${key}:${secret}@127.0.0.1:${port}/${bucket}${prefix ? `/${prefix}` : ''}`,
    stop: async () => {
      child.stdin.end();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
