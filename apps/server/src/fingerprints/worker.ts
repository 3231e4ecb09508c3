import { parentPort } from 'node:worker_threads';
import type { OperatingSystem } from '@facet/contracts';
import { generateIdentity } from '@facet/fingerprint';

interface WorkerRequest {
  id: number;
  os: OperatingSystem;
  kernelVersion: string;
  count: number;
}

/** Generates fingerprints off the event loop: ~3 ms each, which a request should not wait for. */
parentPort!.on('message', (request: WorkerRequest) => {
  const identities = Array.from({ length: request.count }, () => generateIdentity(request.os, request.kernelVersion));
  parentPort!.postMessage({ id: request.id, identities });
});
