/**
 * The server's rooms, top floor first. A room may use the rooms on the floors below its own and
 * nothing above: a request enters at routes/calls, is served by services, which keep their data
 * through repositories, which alone speak SQL to db/. Guards, crypto and codecs are rooms of their
 * own so that services/ holds only the domain. A room that must also use a room beside it says so.
 */
const floors = [
  [{ room: 'main.ts', why: 'the process: reads the configuration and starts the app' }],
  [
    { room: 'app.ts', why: 'wires every room into one Fastify server' },
    { room: 'cli', why: 'operator commands: the services without HTTP' },
  ],
  [
    { room: 'routes', why: 'HTTP routes outside the signed-call layer (uploads, downloads, webhooks, the console)' },
    { room: 'jobs', why: 'timed work (housekeeping, pending pushes) run on the services' },
  ],
  [
    { room: 'calls', why: 'the signed-call layer: validates each call by its contract, then hands it to a service' },
    { room: 'openapi', why: 'the API description, built from the contracts' },
  ],
  [{ room: 'services', why: 'the domain: what an account may do, in one transaction per action' }],
  [
    { room: 'payments', why: 'payment providers (Stripe, crypto, operator)' },
    { room: 'relay', why: 'the proxy relay that carries a recipient to an owner’s proxy' },
    { room: 'remote', why: 'profiles opened remotely: host links and viewer streams joined byte for byte, and the filter that keeps a watcher’s input from the host' },
    { room: 'realtime', why: 'pushes to consoles and agents over socket.io' },
    { room: 'fingerprints', why: 'the fingerprint pool and its worker' },
    { room: 'mail', why: 'outgoing mail' },
    { room: 'pluginInspection', why: 'reads a plugin’s icon and names why an upload is refused' },
    { room: 'sharedState', why: 'what every instance must see alike: Redis or the database' },
  ],
  [{ room: 'codecs', why: 'stored rows to the contracts’ shapes and back' }],
  [{ room: 'crypto', why: 'secrets sealed per account and field, keys and their rotation' }],
  [{ room: 'repositories', why: 'the only SQL: one repository per table or aggregate' }],
  [{ room: 'guards', why: 'rate limits, replay, idempotency, the job lock: rules over the stores they are given' }],
  [{ room: 'config.ts', why: 'the configuration, read once from the environment' }],
  [
    { room: 'db', why: 'the schema, migrations and connections' },
    { room: 'security', why: 'primitives: hashing, AEAD, tokens, the master key, web headers' },
    { room: 'storage', why: 'blob stores: a folder or S3' },
    { room: 'errors.ts', why: 'the typed error' },
    { room: 'clock.ts', why: 'the time, injectable' },
    { room: 'requestScope.ts', why: 'the machine a request comes from, for the operation log' },
  ],
];

/** Rooms that may use each other although they stand on one floor (none yet). */
const beside = {};

/**
 * Rooms and packages a room may not use although its floor stands above them: only repositories
 * speak SQL, so the domain and the rooms beneath it reach data through them, never db/ or Kysely.
 */
const never = {
  services: ['db', 'kysely'],
  codecs: ['db', 'kysely'],
  crypto: ['db', 'kysely'],
  guards: ['db', 'kysely'],
};

/** @type {import('../roomRules.mjs').AppRooms} */
export const serverRooms = {
  app: 'apps/server/src',
  rooms: floors.flatMap((floor, at) =>
    floor.map(({ room, why }) => ({ room, why, may: [...floors.slice(at + 1).flat().map((below) => below.room), ...(beside[room] ?? [])], ...(never[room] ? { never: never[room] } : {}) })),
  ),
};

/** The floors as docs/architecture.md lists them. */
export const serverFloors = floors;
