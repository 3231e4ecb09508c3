import path from 'node:path';
import pino from 'pino';
import { loadServerConfig } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { Store } from '../repositories/store.ts';
import { databaseSharedState } from '../sharedState/openSharedState.ts';
import { OutboxMailer } from '../mail/outboxMailer.ts';
import { systemClock } from '../clock.ts';
import { createServices } from '../services/container.ts';
import { blobStoreFor } from '../storage/openBlobStore.ts';
import { openSecretKeys } from '../crypto/secretKeys.ts';
import { CommandError, UsageError } from './args.ts';
import { apiToken } from './commands/apiToken.ts';
import { createUser } from './commands/createUser.ts';
import { feedback } from './commands/feedback.ts';
import { graphics } from './commands/graphics.ts';
import { listUsers } from './commands/listUsers.ts';
import { order } from './commands/order.ts';
import { plan } from './commands/plan.ts';
import { rotateKeys } from './commands/rotateKeys.ts';
import { trial } from './commands/trial.ts';
import { USAGE } from './usage.ts';

const commands = {
  'create-user': createUser,
  'list-users': listUsers,
  'api-token': apiToken,
  plan,
  order,
  trial,
  feedback,
  graphics,
  'rotate-keys': rotateKeys,
} as const;

/** Runs one operator command; returns the exit code (2 for a usage error). */
export async function runCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [scope, name, ...rest] = argv;
  const command = scope === 'admin' && name !== undefined ? commands[name as keyof typeof commands] : undefined;
  if (!command) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadServerConfig(env);
  const database = await connectDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, ...(env.FACET_DATABASE_SCHEMA ? { schema: env.FACET_DATABASE_SCHEMA } : {}) });
  try {
    await migrateToLatest(database);
    const log = pino({ level: 'warn' });
    const store = new Store(database.db);
    const keys = await openSecretKeys(store, config, systemClock, log);
    const services = createServices(store, {
      payments: config,
      blobs: await blobStoreFor(config),
      clock: systemClock,
      mailer: new OutboxMailer(path.join(config.dataDir, 'outbox'), log),
      keys,
      // Operator commands count, refuse and lock in the database, whatever REDIS_URL says.
      shared: databaseSharedState(database.db),
      recycleRetentionDays: config.recycleRetentionDays,
      fingerprintPoolSize: 0,
      lifetimes: config,
      log,
    });
    await command(services, rest, (line) => process.stdout.write(line + '\n'));
    return 0;
  } catch (error) {
    if (error instanceof CommandError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 1;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
