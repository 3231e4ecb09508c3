import { WEB_PREFIX, signRequest, type CallDefinition } from '@facet/contracts';
import autocannon from 'autocannon';

export interface LoadResult {
  p50: number;
  p99: number;
  requests: number;
  /** Answers that were not HTTP 200 with code 0. */
  failures: number;
  rate: number;
}

/**
 * A fixed request rate against one call, every request freshly signed (the server refuses a
 * replayed signature), measured by autocannon on loopback.
 */
export async function signedLoad(options: { url: string; signKey: string; auth: string; call: CallDefinition; payload: () => unknown; rate: number; seconds: number }): Promise<LoadResult> {
  const path = `${WEB_PREFIX}${options.call.path}`;
  let nonce = 0;
  let failures = 0;
  const result = await autocannon({
    url: options.url,
    connections: 20,
    duration: options.seconds,
    overallRate: options.rate,
    requests: [
      {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify(signRequest({ key: options.signKey, path, auth: options.auth, lang: 0, payload: options.payload(), nonce: `bench-${process.pid}-${nonce++}` })),
        }),
        onResponse: (status, body) => {
          if (status !== 200 || !body.startsWith('{"code":0')) failures++;
        },
      },
    ],
  });
  return { p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, failures: failures + result.non2xx + result.errors, rate: result.requests.average };
}
