/**
 * The console's rooms. main.tsx starts the app; app/ is the shell around every page (providers,
 * router, layout); each folder of features/ is one area of the product, reached from outside
 * only through its public entry, features/X/index.ts; ui/ holds presentational pieces several
 * areas share and lib/ what they share that draws nothing. ui/ and lib/ know no feature.
 */
/** @type {import('../roomRules.mjs').AppRooms} */
export const consoleRooms = {
  app: 'apps/console/src',
  rooms: [
    { room: 'main.tsx', may: ['app', 'features/*', 'lib'], why: 'starts the console, or the desktop client’s connect pages' },
    { room: 'app', may: ['features/*', 'ui', 'lib'], why: 'the shell: providers, router, layout, the session’s events' },
    { room: 'features/*', may: ['features/*', 'ui', 'lib'], entry: 'index.ts', why: 'one area each: its pages, dialogs and queries' },
    { room: 'ui', may: ['lib'], why: 'presentational components several areas share' },
    { room: 'lib', may: [], why: 'the runtime, preferences, storage, formats and rules: no drawing, no feature' },
  ],
};
