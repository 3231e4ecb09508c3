import { UNLIMITED } from '@facet/contracts';

/** Plans count storage in megabytes of 1,048,576 bytes, as the console shows sizes. */
const BYTES_PER_MB = 1024 * 1024;

/** Plans keep megabytes (what the operator types); the wire speaks bytes. -1 stays unlimited. */
export function storageBytesOf(megabytes: number): number {
  return megabytes === UNLIMITED ? UNLIMITED : megabytes * BYTES_PER_MB;
}
