/**
 * The entry point: importing this module starts the server with the environment's config
 * (server/start.ts imports it after building what is missing) and stops it gracefully on SIGINT
 * or SIGTERM, whenever they come: during start-up the server stops as soon as it is up. Under
 * `tsx` the signal reaches this process through tsx, which forwards it (issue 7, finding 16).
 */
import { ConfigError, loadConfig } from './config.js';
import { type RunningServer, startServer } from './startServer.js';

export { type RunningServer, startServer };

/** Past this, a stop that hangs (a stuck connection, a worker that will not end) exits anyway. */
const STOP_GRACE_MS = 10_000;

let starting: Promise<RunningServer> | null = null;
let stopping = false;

function stop(signal: NodeJS.Signals): void {
  // A second signal (Ctrl-C reaches both npm and this process, which npm forwards) is the same request.
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    process.stderr.write(`Switchboard did not stop within ${STOP_GRACE_MS / 1000} s after ${signal}; exiting.\n`);
    process.exit(1);
  }, STOP_GRACE_MS).unref();
  if (!starting) process.exit(0);
  starting
    .then(
      async (server) => {
        server.app.log.info({ signal }, 'shutting down');
        await server.stop();
        process.exit(0);
      },
      // Start-up failed and has already said why; nothing is running.
      () => process.exit(1),
    )
    .catch((error: unknown) => {
      process.stderr.write(
        `Switchboard failed to stop cleanly: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    });
}

process.on('SIGINT', stop);
process.on('SIGTERM', stop);

try {
  starting = startServer(loadConfig());
  await starting;
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Switchboard failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`}\n`,
  );
  process.exit(1);
}
