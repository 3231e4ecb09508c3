import { agentRooms } from './agent.mjs';
import { consoleRooms } from './console.mjs';
import { serverRooms } from './server.mjs';

/** The rooms of each app and what each may use: the source of truth docs/architecture.md explains. */
export const appRooms = [serverRooms, consoleRooms, agentRooms];
