/**
 * The entry point: importing this module starts the server with the environment's config
 * (server/start.ts imports it after building what is missing) and stops it on SIGINT/SIGTERM.
 */
import { ConfigError, loadConfig } from './config.js';
import { startServer, type RunningServer } from './startServer.js';

export { startServer, type RunningServer };

function stopOnSignals(server: RunningServer): void {
  const onSignal = (signal: NodeJS.Signals) => {
    server.app.log.info({ signal }, 'shutting down');
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}

try {
  stopOnSignals(await startServer(loadConfig()));
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `Switchboard failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`}\n`);
  process.exit(1);
}
