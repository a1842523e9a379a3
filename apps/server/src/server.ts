import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';
import { seedDemoData } from './seed/demo.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  if (config.demoSeed) await seedDemoData(database.db);
  const app = await buildApp({ config, database, closeDatabase: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // Node closes idle keep-alive connections once, when closing begins; one busy then (a proxy's, say)
    // goes idle afterwards and would hold the shutdown until its keep-alive timeout, past the timer above,
    // and the usage still in memory would never be written. So idle connections are closed until the end.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    reaper.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`${config.APP_NAME} ready at ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
