/**
 * Splits a V8 CPU profile (`node --cpu-prof`) of the server into the parts of a request, so the
 * CPU a call costs can be reported per part. Each sample goes to the part of the nearest frame,
 * leaf first, that names one; the query builder, database drivers and zod name none, so they
 * count for whoever called them (the session lookup, the profile query, the envelope's schema).
 * Work resumed after an `await` has lost its caller: a stack with a driver or the query builder
 * and no part of ours (a reply from PostgreSQL being read, a query being written, SQLite running
 * a statement the builder handed on) is "database calls"; Node's sockets and Fastify's own
 * frames count as "HTTP and Fastify" only when no database frame is under them.
 */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export const requestParts = [
  'envelope and signature',
  'session',
  'payload validation and call layer',
  'profile query',
  'rows to profiles',
  'serialization',
  'HTTP and Fastify',
  'database calls',
  'garbage collection',
  'other',
] as const;
export type RequestPart = (typeof requestParts)[number];

interface Matcher {
  part: RequestPart;
  url?: RegExp;
  name?: RegExp;
}

// Order matters only between matchers that can match the same frame.
const matchers: Matcher[] = [
  { part: 'garbage collection', name: /^\(garbage collector\)$/ },
  { part: 'session', url: /services\/sessionService\.ts|repositories\/sessions\.ts|calls\/cookieSession\.ts/ },
  { part: 'envelope and signature', url: /services\/replayGuard\.ts|repositories\/seenSignatures\.ts|sharedState\/|contracts\/src\/signing\// },
  { part: 'envelope and signature', url: /calls\/registerCalls\.ts/, name: /^readWebCall$/ },
  { part: 'profile query', url: /repositories\/(profiles|tags|profileLeases)\.ts/ },
  { part: 'rows to profiles', url: /services\/(profileService|profileCodec|profileAccess|secretBox|tagView)\.ts|services\/leaseService\.ts/ },
  { part: 'serialization', url: /calls\/answers\.ts|fastify\/lib\/error-serializer\.js|fast-json-stringify/ },
  { part: 'serialization', url: /fastify\/lib\/reply\.js/, name: /^serialize$/ },
  { part: 'serialization', name: /^stringify$/ },
  { part: 'payload validation and call layer', url: /apps\/server\/src\/calls\// },
  { part: 'HTTP and Fastify', url: /node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify|secure-json-parse|content-type)|^node:(_http|http|net|stream|internal\/(streams|http|stream_base))/ },
];

// db/statementCache.ts and db/rowsBuiltInJs.ts run SQLite's statements and build their rows: drivers of ours.
const driver = /node_modules\/(better-sqlite3|pg|pg-protocol|pg-pool|kysely)\/|db\/(statementCache|rowsBuiltInJs)\.ts/;
/** Node's sockets and Fastify name their part only when no driver frame lies between them and our code. */
const transport: RequestPart = 'HTTP and Fastify';

/** CPU milliseconds per part over the samples taken between `fromUs` and `toUs` (the profile's clock). */
export function partsOf(profile: CpuProfile, fromUs: number, toUs: number): Map<RequestPart, number> {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const partOfNode = new Map<number, RequestPart | null>();
  const classify = (id: number): RequestPart | null => {
    if (partOfNode.has(id)) return partOfNode.get(id)!;
    const { callFrame } = byId.get(id)!;
    if (callFrame.functionName === '(idle)' || callFrame.functionName === '(root)') return null;
    let part: RequestPart | null = null;
    let sawTransport = false;
    let sawDriver = false;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (driver.test(frame.url)) sawDriver = true;
      const found = matchers.find((m) => (!m.url || m.url.test(frame.url)) && (!m.name || m.name.test(frame.functionName)));
      if (!found) continue;
      if (found.part === transport) {
        sawTransport = true;
        continue;
      }
      // A socket write under our code is the answer going out, unless a driver made it (a query).
      part = sawTransport && !sawDriver ? transport : found.part;
      break;
    }
    if (!part) part = sawDriver ? 'database calls' : sawTransport ? transport : 'other';
    partOfNode.set(id, part);
    return part;
  };

  const totals = new Map<RequestPart, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < fromUs || at > toUs) continue;
    const part = classify(profile.samples[i]!);
    // A sample stands for the time since the one before it.
    if (part) totals.set(part, (totals.get(part) ?? 0) + delta / 1000);
  }
  return totals;
}
