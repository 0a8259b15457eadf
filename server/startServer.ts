/**
 * Starts a Switchboard server: database and migrations, the first superadmin, the app, listen.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from './app.js';
import { ensureFirstSuperadmin, generatedCredentialsNotice } from './bootstrap.js';
import { type Config, configWarnings } from './config.js';
import { isPostgres } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { openDatabase } from './db/openDatabase.js';
import type { Database } from './db/schema.js';
import { InstanceHeartbeat } from './instances/InstanceHeartbeat.js';

export interface RunningServer {
  app: FastifyInstance;
  db: Kysely<Database>;
  url: string;
  /** Closes the server, its WebSocket connections and the database. */
  stop: () => Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const db = openDatabase(config);
  // SQLite is one instance by definition: a crash's open calls are closed at start-up, not 30 s later.
  const heartbeat = new InstanceHeartbeat({ db, soleInstance: !isPostgres(db) });
  try {
    // Migrations may rewrite large tables: they run on a connection of their own, without the
    // statement timeout that keeps requests from waiting long on a stuck database.
    const migrations = openDatabase(config, { statementTimeoutMs: 0 });
    try {
      await migrateToLatest(migrations);
    } finally {
      await migrations.destroy();
    }
    // Calls do not survive their process: sessions of instances that are gone (this data's last
    // run after a crash, or a peer that died) are closed before any new call.
    const orphaned = await heartbeat.start();
    if (orphaned > 0)
      process.stdout.write(
        `Closed ${orphaned} call session(s) left open by a server that stopped without ending them\n`,
      );
    const bootstrap = await ensureFirstSuperadmin(db, config);
    // Straight to stdout, once: never through the request logger.
    if (bootstrap.created && bootstrap.generatedPassword) {
      process.stdout.write(generatedCredentialsNotice(bootstrap.username, bootstrap.generatedPassword));
    }
    const app = await buildApp({ db, config, instanceId: heartbeat.id });
    for (const warning of configWarnings(config)) app.log.warn(warning);
    heartbeat.keepBeating(app.log);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    const url = config.port === port ? config.publicUrl : `http://localhost:${port}`;
    process.stdout.write(`Switchboard is running at ${url}\n`);
    let stopping: Promise<void> | null = null;
    const stop = () =>
      (stopping ??= (async () => {
        await app.close();
        await heartbeat
          .stop()
          .catch((error: unknown) => app.log.warn({ err: error }, "could not remove this instance's heartbeat"));
        await db.destroy();
      })());
    return { app, db, url, stop };
  } catch (error) {
    // Start-up has already failed; what matters is the first error, not a failing clean-up.
    await heartbeat.stop().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    throw error;
  }
}
