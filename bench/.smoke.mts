import { benchSynchronizer } from './synchronizer.ts';
console.log(await benchSynchronizer());
