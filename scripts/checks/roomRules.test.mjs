import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRooms, roomOf } from './roomRules.mjs';

const roots = [];
afterAll(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

function tree(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-rooms-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const app = {
  app: 'app/src',
  rooms: [
    { room: 'main.ts', may: ['routes', 'features/*'] },
    { room: 'routes', may: ['services'] },
    { room: 'services', may: ['repositories', 'db'], never: ['db', 'kysely'] },
    { room: 'repositories', may: ['db'] },
    { room: 'db', may: [] },
    { room: 'features/*', may: ['ui', 'features/*'], entry: 'index.ts' },
    { room: 'ui', may: [] },
  ],
};

describe('room rules', () => {
  it('names the room of a path, each features/* folder its own', () => {
    expect(roomOf(app.rooms, 'features/billing/BillingPage.tsx').name).toBe('features/billing');
    expect(roomOf(app.rooms, 'services/a.ts').name).toBe('services');
    expect(roomOf(app.rooms, 'elsewhere/a.ts')).toBeNull();
  });

  it('passes imports that run down and through public entries', () => {
    const root = tree({
      'app/src/main.ts': `import { routes } from './routes/index.ts';\nimport { Billing } from './features/billing/index.ts';`,
      'app/src/routes/index.ts': `import { s } from '../services/s.ts';`,
      'app/src/services/s.ts': `import { r } from '../repositories/r.ts';\nimport { z } from 'zod';`,
      'app/src/repositories/r.ts': `import { db } from '../db/db.ts';\nimport { sql } from 'kysely';`,
      'app/src/db/db.ts': `export const db = 1;`,
      'app/src/features/billing/index.ts': `export { Billing } from './BillingPage.tsx';`,
      'app/src/features/billing/BillingPage.tsx': `import { Button } from '../../ui/Button.tsx';\nimport { Plans } from '../plans/index.ts';`,
      'app/src/features/plans/index.ts': `export const Plans = 1;`,
      'app/src/ui/Button.tsx': `export const Button = 1;`,
    });
    expect(checkRooms(root, [app])).toEqual([]);
  });

  it('names each arrow that runs back up, past an entry or into a never, with file and line', () => {
    const root = tree({
      'app/src/repositories/r.ts': `import { db } from '../db/db.ts';\nimport type { S } from '../services/s.ts';`,
      'app/src/services/s.ts': `import { r } from '../repositories/r.ts';\nimport { db } from '../db/db.ts';\nimport { sql } from 'kysely/helpers';`,
      'app/src/db/db.ts': `export const db = 1;`,
      'app/src/features/billing/BillingPage.tsx': `import { PlanRow } from '../plans/PlanRow.tsx';`,
      'app/src/features/plans/PlanRow.tsx': `export const PlanRow = 1;`,
      'app/src/stray.ts': `export const x = 1;`,
      'app/src/services/s.test.ts': `import { db } from '../db/db.ts';`,
    });
    expect(checkRooms(root, [app]).sort()).toEqual([
      'app/src/features/billing/BillingPage.tsx:1: imports ../plans/PlanRow.tsx, inside features/plans/ (reach it through features/plans/index.ts)',
      'app/src/repositories/r.ts:2: imports ../services/s.ts from services/ (repositories may use db)',
      'app/src/services/s.ts:2: imports ../db/db.ts from db/ (services may use repositories, db; never db)',
      'app/src/services/s.ts:3: imports kysely/helpers (services never uses kysely)',
      'app/src/stray.ts: stands in no room of scripts/checks/rooms/ (add it to a room, or a room for it)',
    ]);
  });
});
