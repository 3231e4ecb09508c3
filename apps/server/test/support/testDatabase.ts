import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { dropTestSchema, onPostgres } from '../harness.ts';

/**
 * A migrated database of the suite's kind without a server: a SQLite file in its own folder, or
 * (FACET_TEST_DB=postgres) a schema of its own. `drop` closes it and removes it.
 */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-store-test-'));
  const schema = onPostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await connectDatabase({ dataDir, databaseUrl: onPostgres ? process.env.DATABASE_URL! : null, ...(schema ? { schema } : {}) });
  await migrateToLatest(database);
  return {
    database,
    drop: async () => {
      await database.close();
      if (schema) await dropTestSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
