import { checkAll } from './checks/all.mjs';

// `npm run lint`: types, ESLint and the dependency rules; exit 1 on any problem.
const results = await checkAll({ quiet: false });
process.exit(results.every((r) => r.ok) ? 0 : 1);
