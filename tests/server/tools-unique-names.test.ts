/**
 * Tool names are unique per user (issue 7, finding 14): a second tool of the same name, by create
 * or by rename, is a 409 naming the name; other users keep their own namespace. Migration 004
 * renames duplicates that already exist before it adds the unique index.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { openDatabase } from '../../server/db/openDatabase.js';
import type { Tool } from '../../shared/types/tool.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { signedInCaller } from '../helpers/signedInCaller.js';
import { ownTestDatabase, UNIQUE_VIOLATION } from '../helpers/testDatabase.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tool = (name: string) => ({
  name,
  description: 'A tool',
  type: 'string',
  parameters: { type: 'object' },
  handler_code: '',
});

describe('tool names', () => {
  it('refuses a second tool of the same name with 409 naming it', async () => {
    const me = await signedInCaller(t);
    expect((await me.call('POST', '/api/tools', tool('get_weather'))).statusCode).toBe(201);
    const response = await me.call('POST', '/api/tools', tool('  get_weather '));
    expectApiError(response, 409, { error: 'name: a tool named "get_weather" already exists', code: 'conflict' });
    expect((await me.call('GET', '/api/tools')).json<Tool[]>().map((t) => t.name)).toEqual(['get_weather']);
  });

  it('refuses a rename onto another tool of the user, and allows keeping its own name', async () => {
    const me = await signedInCaller(t);
    await me.call('POST', '/api/tools', tool('first'));
    const second = (await me.call('POST', '/api/tools', tool('second'))).json<Tool>();
    const response = await me.call('PATCH', `/api/tools/${second.id}`, { name: 'first' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('name: a tool named "first" already exists');
    expect((await me.call('GET', `/api/tools/${second.id}`)).json().name).toBe('second');
    expect(
      (await me.call('PATCH', `/api/tools/${second.id}`, { name: 'second', description: 'Renamed to itself' }))
        .statusCode,
    ).toBe(200);
  });

  it('lets different users use the same name, and two racing creates make one tool', async () => {
    const alice = await signedInCaller(t);
    const bob = await signedInCaller(t);
    expect((await alice.call('POST', '/api/tools', tool('shared'))).statusCode).toBe(201);
    expect((await bob.call('POST', '/api/tools', tool('shared'))).statusCode).toBe(201);
    const racing = await Promise.all(Array.from({ length: 5 }, () => bob.call('POST', '/api/tools', tool('raced'))));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });
});

describe('migration 004', () => {
  it('renames existing duplicates per user, oldest keeping the name, then enforces uniqueness', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-migration-'));
    const own = await ownTestDatabase('sb_m004');
    const db = openDatabase({ databaseUrl: own.databaseUrl, dataDir });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
      expect((await migrator.migrateTo('003-agents')).error).toBeUndefined();
      for (const [id, user] of [
        ['u1', 'alice'],
        ['u2', 'bob'],
      ]) {
        await sql`insert into users (id, username, email, password_hash, role, token_version, created_at, updated_at)
          values (${id}, ${user}, null, 'x', 'user', 0, 0, 0)`.execute(db);
      }
      const rows: Array<[string, string, string, number]> = [
        ['t1', 'u1', 'weather', 1],
        ['t2', 'u1', 'weather', 2],
        ['t3', 'u1', 'weather (2)', 3],
        ['t4', 'u1', 'weather', 4],
        ['t5', 'u2', 'weather', 5],
        ['t6', 'u1', 'n'.repeat(100), 6],
        ['t7', 'u1', 'n'.repeat(100), 7],
      ];
      for (const [id, user, name, at] of rows) {
        await sql`insert into tools (id, user_id, name, description, type, parameters, handler_code, created_at, updated_at)
          values (${id}, ${user}, ${name}, 'd', 't', '{"type":"object"}', '', ${at}, ${at})`.execute(db);
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const names = await db.selectFrom('tools').select(['id', 'name']).orderBy('id').execute();
      expect(names).toEqual([
        { id: 't1', name: 'weather' },
        { id: 't2', name: 'weather (3)' },
        { id: 't3', name: 'weather (2)' },
        { id: 't4', name: 'weather (4)' },
        { id: 't5', name: 'weather' },
        { id: 't6', name: 'n'.repeat(100) },
        { id: 't7', name: `${'n'.repeat(96)} (2)` },
      ]);
      await expect(sql`update tools set name = 'weather' where id = 't2'`.execute(db)).rejects.toThrow(
        UNIQUE_VIOLATION,
      );
    } finally {
      await db.destroy();
      await own.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
