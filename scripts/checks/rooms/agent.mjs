/**
 * The agent's rooms, top floor first. A room may use the rooms on the floors below its own and
 * nothing above: the process wires the agent, whose bridge, console server and local API are thin
 * doors onto core/, the profile lifecycle; core starts a profile through browser/launch (a plan
 * computed once, then named steps), which uses cdp/, proxy/ and machine/ and is never used by
 * them; cdp/ uses neither proxy/ nor machine/ (one floor, no rooms beside). Storage, the network
 * guards, the configuration and the typed start failure are the ground every room stands on.
 */
const floors = [
  [
    { room: 'main.ts', why: 'the process: one agent per data folder, the console window, then the agent' },
    { room: 'hostMain.ts', why: 'the process in host mode: joins the team, links to its server, no window or bridge; a local API that only finds its runs (api/localApi over host, joined here)' },
    { room: 'mcp', why: 'the MCP server, a client of the local API over HTTP: a process of its own on stdio, and a handler the process serves at the local API\'s /mcp' },
  ],
  [{ room: 'agent.ts', why: 'wires every room into one agent: servers, services, their stores' }],
  [
    { room: 'api', why: 'the doors: the console’s bridge and its page server, thin over core/' },
    { room: 'api/localApi', why: 'the local automation API (AdsPower’s paths and answers), thin over core/' },
    { room: 'host', why: 'host mode: the team server’s link, profiles run for remote use on their own VNC displays, viewers’ streams joined to them' },
  ],
  [{ room: 'core', why: 'the profile lifecycle: sources, start and stop, running profiles, batches, settings, the server link' }],
  [
    { room: 'check', why: 'the fingerprint check: its page and server, and what a launched browser must read' },
    { room: 'synchronizer', why: 'the window synchronizer: the leader’s input captured in an isolated world, replayed in followers with CDP Input' },
  ],
  [{ room: 'browser/launch', why: 'a plan computed once (which channel carries each field), then named steps up to the spawn' }],
  [
    { room: 'browser/cdp', why: 'the DevTools connection: pipe, mux, mask and the endpoint clients attach to' },
    { room: 'browser/proxy', why: 'the profile’s local proxy hop, proxy checks and the exit address’s geography' },
    { room: 'browser/machine', why: 'what this computer has: Chromium and its kernels, fonts, displays, platform builds, the WebGL driver' },
    { room: 'plugins', why: 'extensions: the cache of packages and which a profile loads' },
    { room: 'sync', why: 'profile state to and from the server: packing, sealing, staging, applying' },
    { room: 'window', why: 'the console in a Chromium app window' },
  ],
  [
    { room: 'storage', why: 'the agent’s own files: keys, secrets, local settings, caches, the instance lock' },
    { room: 'net', why: 'guards of the local sockets: same user, same secret, safe request handlers' },
    { room: 'config.ts', why: 'the configuration, read once from the environment' },
    { room: 'startFailure.ts', why: 'the typed start failure with its reason, thrown by any room' },
    { room: 'strayErrors.ts', why: 'the last resort of a process: an error no handler caught is logged and it goes on; a terminal that has gone is not written again' },
  ],
];

/**
 * Rooms that may use a room on their own floor (cdp, proxy and machine stay apart). The process
 * hands the MCP server's HTTP handler to the agent, which serves it at the local API's /mcp: the
 * agent may not import mcp (a floor above it), so the process, beside mcp, does.
 */
const beside = { 'main.ts': ['mcp'] };

/** @type {import('../roomRules.mjs').AppRooms} */
export const agentRooms = {
  app: 'apps/agent/src',
  rooms: floors.flatMap((floor, at) =>
    floor.map(({ room, why }) => ({ room, why, may: [...floors.slice(at + 1).flat().map((below) => below.room), ...(beside[room] ?? [])] })),
  ),
};

/** The floors as docs/architecture.md lists them. */
export const agentFloors = floors;
