/**
 * PostgreSQL restarted mid-traffic (issue 12): while it is down, requests answer 503
 * `database_unavailable` with Retry-After at once instead of hanging; when it is back the server
 * goes on by itself (the pool opens new connections), without a restart, and every write it
 * acknowledged is there. A throwaway cluster of the test's own is stopped with `pg_ctl stop -m
 * fast` and started again; the server runs here with startServer, so an unhandled pool error
 * would end this very process. Skipped without the PostgreSQL server binaries.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { type RunningServer, startServer } from '../../server/startServer.js';
import { describeOnPostgres } from '../helpers/describeOnPostgres.js';
import { PROCESS_ADMIN, signIn } from '../helpers/serverProcess.js';
import { createThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwawayPostgres.js';
import { waitUntil } from '../helpers/waitUntil.js';

let cluster: ThrowawayPostgres | undefined;
let server: RunningServer | undefined;
let dataDir = '';
afterEach(async () => {
  await server?.stop();
  await cluster?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Attempt {
  name: string;
  status: number;
  ms: number;
  phase: 'up' | 'down' | 'back';
}

describeOnPostgres('PostgreSQL restarted mid-traffic', () => {
  it('answers 503 while the database is down, recovers by itself and keeps every acknowledged write', async () => {
    cluster = await createThrowawayPostgres();
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-pg-restart-'));
    server = await startServer(
      loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.url,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SWITCHBOARD_ADMIN_USERNAME: PROCESS_ADMIN.username,
        SWITCHBOARD_ADMIN_PASSWORD: PROCESS_ADMIN.password,
      }),
    );
    const url = server.url.replace('localhost', '127.0.0.1');
    const token = await signIn(url, PROCESS_ADMIN.username, PROCESS_ADMIN.password);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

    let phase: Attempt['phase'] = 'up';
    let writing = true;
    const attempts: Attempt[] = [];
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const name = `RESTART_${n}`;
        const started = performance.now();
        const at = phase;
        const response = await fetch(`${url}/api/custom-values`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name, value: `value ${n}` }),
        });
        await response.arrayBuffer();
        attempts.push({ name, status: response.status, ms: performance.now() - started, phase: at });
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    })();
    const acknowledged = () => attempts.filter((a) => a.status === 201);
    await waitUntil(() => acknowledged().length >= 15, 20_000);

    await cluster.stop();
    phase = 'down';
    for (const request of [
      { method: 'GET', path: '/api/custom-values' },
      { method: 'GET', path: '/api/agents' },
      {
        method: 'POST',
        path: '/api/accounts/login',
        body: { username: PROCESS_ADMIN.username, password: PROCESS_ADMIN.password },
      },
    ]) {
      const response = await fetch(`${url}${request.path}`, {
        method: request.method,
        headers,
        ...(request.body ? { body: JSON.stringify(request.body) } : {}),
      });
      expect(response.status, request.path).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({
        success: false,
        error: 'The database is not reachable. Please try again shortly.',
        code: 'database_unavailable',
      });
    }
    await waitUntil(() => attempts.filter((a) => a.phase === 'down').length >= 10, 20_000);

    await cluster.start();
    phase = 'back';
    // No restart of the server: the next requests find the database again.
    await waitUntil(() => attempts.some((a) => a.phase === 'back' && a.status === 201), 20_000);
    const acknowledgedBefore = acknowledged().length;
    await waitUntil(() => acknowledged().length >= acknowledgedBefore + 10, 20_000);
    writing = false;
    await writer;

    const down = attempts.filter((a) => a.phase === 'down');
    // Writes in flight at the stop may have failed on the cut connection; those are 503s too.
    expect(down.filter((a) => a.status !== 503 && a.status !== 201)).toEqual([]);
    expect(attempts.filter((a) => a.phase !== 'down' && a.status !== 201 && a.status !== 503)).toEqual([]);
    const kept = (await (await fetch(`${url}/api/custom-values`, { headers })).json()) as {
      customValues: Array<{ name: string }>;
    };
    const names = new Set(kept.customValues.map((value) => value.name));
    const missing = acknowledged().filter((a) => !names.has(a.name));
    const slowest = Math.max(...down.map((a) => a.ms));
    process.stdout.write(
      `PostgreSQL restart: ${attempts.length} writes, ${acknowledged().length} acknowledged, ${missing.length} of them missing; ` +
        `${down.filter((a) => a.status === 503).length} answered 503 while down (slowest ${slowest.toFixed(0)} ms)\n`,
    );
    expect(missing).toEqual([]);
  }, 120_000);
});
