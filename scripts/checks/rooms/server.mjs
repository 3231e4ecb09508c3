/** @type {import('../roomRules.mjs').AppRooms} */
export const serverRooms = { app: 'apps/server/src', rooms: [{ room: '*', may: ['*'] }] };
