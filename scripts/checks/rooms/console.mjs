/** @type {import('../roomRules.mjs').AppRooms} */
export const consoleRooms = { app: 'apps/console/src', rooms: [{ room: '*', may: ['*'] }] };
