import { buildApp } from './app.ts';
import { loadServerConfig } from './config.ts';

/** Starts the server: build, listen, and close cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadServerConfig();
  const { app } = await buildApp({ config });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Facet server on http://${config.host}:${config.port} (${config.databaseUrl ? 'PostgreSQL' : 'SQLite in ' + config.dataDir})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
