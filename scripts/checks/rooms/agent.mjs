/** @type {import('../roomRules.mjs').AppRooms} */
export const agentRooms = { app: 'apps/agent/src', rooms: [{ room: '*', may: ['*'] }] };
