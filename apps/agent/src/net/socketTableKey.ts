import { isIPv4, isIPv6 } from 'node:net';
import { endianness } from 'node:os';

/**
 * How Linux's socket tables (`/proc/net/tcp`, `/proc/net/tcp6`) write one end of a connection:
 * the address as the kernel holds it, printed 32 bits at a time as `%08X` of a machine word
 * (so byte order is the machine's), a colon, and the port as four hex digits.
 *
 *   127.0.0.1:8481 on x86   0100007F:2121
 *   ::1:8481 on x86         00000000000000000000000001000000:2121
 *
 * Null for an address that is neither form.
 */
export function tableEnd(address: string, port: number): string | null {
  const bytes = addressBytes(address);
  if (bytes === null || !Number.isInteger(port) || port < 0 || port > 0xffff) return null;
  let words = '';
  for (let i = 0; i < bytes.length; i += 4) {
    const word = endianness() === 'LE' ? bytes.readUInt32LE(i) : bytes.readUInt32BE(i);
    words += word.toString(16).toUpperCase().padStart(8, '0');
  }
  return `${words}:${port.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The 4 (IPv4) or 16 (IPv6, mapped IPv4 included) bytes of an address in network order. */
export function addressBytes(address: string): Buffer | null {
  if (isIPv4(address)) return Buffer.from(address.split('.').map(Number));
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  // An IPv4 tail (::ffff:127.0.0.1) is two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  const groupsText = tail ? bare.slice(0, -tail[1]!.length) + ipv4Groups(tail[1]!) : bare;
  const [head, rest] = groupsText.includes('::') ? groupsText.split('::') : [groupsText, null];
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const missing = 8 - headGroups.length - restGroups.length;
  const groups = rest === null ? headGroups : [...headGroups, ...Array<string>(missing).fill('0'), ...restGroups];
  if (groups.length !== 8) return null;
  const bytes = Buffer.alloc(16);
  groups.forEach((group, i) => bytes.writeUInt16BE(parseInt(group, 16), i * 2));
  return bytes;
}

function ipv4Groups(v4: string): string {
  const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}
