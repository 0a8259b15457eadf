/**
 * Instances started together on one fresh PostgreSQL migrate it once (issue 12): three pools run
 * migrateToLatest at the same moment; each migration is applied by exactly one of them, none
 * fails, and the schema is complete. (Kysely's own lock around applying migrations would keep
 * this true too; the test holds the behaviour, whichever lock provides it.) Skipped only without
 * the PostgreSQL server binaries.
 */
import { expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { openDatabase } from '../../server/db/openDatabase.js';
import { describeOnPostgres, throwawayForSuite } from '../helpers/describeOnPostgres.js';
import { createThrowawayPostgres } from '../helpers/throwawayPostgres.js';

describeOnPostgres('migrations of instances starting together', () => {
  const pg = throwawayForSuite(createThrowawayPostgres);

  it('applies each migration once, whichever instance gets there first', async () => {
    const pools = Array.from({ length: 3 }, () =>
      openDatabase({ databaseUrl: pg().url, dataDir: '/nonexistent' }, { statementTimeoutMs: 0 }),
    );
    try {
      const applied = await Promise.all(pools.map((db) => migrateToLatest(db)));
      expect(applied.flat().sort()).toEqual(Object.keys(MIGRATIONS).sort());
      const tables = await pools[0]!.introspection.getTables();
      expect(tables.map((t) => t.name)).toEqual(
        expect.arrayContaining(['users', 'call_sessions', 'server_instances', 'cluster_messages', 'login_failures']),
      );
    } finally {
      await Promise.all(pools.map((db) => db.destroy()));
    }
  });
});
