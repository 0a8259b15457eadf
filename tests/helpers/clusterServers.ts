/**
 * Several real server processes on one throwaway PostgreSQL, as an operator runs them behind a
 * reverse proxy (README "Running several instances"): the same DATABASE_URL, encryption key and
 * PUBLIC_URL, with the fake Twilio and fake OpenAI Realtime in the test's process. `operator()`
 * makes a user with OpenAI and Twilio settings and an agent holding a number, through instance A.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeRealtime, startFakeRealtime } from '../fixtures/fakeRealtime.js';
import { type FakeTwilio, startFakeTwilio } from '../fixtures/fakeTwilio.js';
import { PROCESS_ADMIN, type ServerProcess, signIn, startServerProcess } from './serverProcess.js';
import { createThrowawayPostgres, type ThrowawayPostgres } from './throwawayPostgres.js';

export const CLUSTER_PUBLIC_URL = 'https://switchboard.example.com';
export const CLUSTER_OPENAI_KEY = 'sk-cluster-0123456789';

export interface ClusterOperator {
  username: string;
  password: string;
  number: string;
  agentId: string;
}

export interface ClusterServers {
  pg: ThrowawayPostgres;
  servers: ServerProcess[];
  realtime: FakeRealtime;
  twilio: FakeTwilio;
  /** A JSON request to one instance. */
  request: (
    server: ServerProcess,
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<Response>;
  operator: (name: string) => Promise<ClusterOperator>;
  close: () => Promise<void>;
}

/** Starts PostgreSQL, the fakes and `count` instances at the same time (their migrations race). */
export async function startClusterServers(count = 2, env: Record<string, string> = {}): Promise<ClusterServers> {
  const pg = await createThrowawayPostgres();
  const realtime = await startFakeRealtime({ apiKeys: [CLUSTER_OPENAI_KEY] });
  const twilio = await startFakeTwilio();
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await realtime.close();
    await twilio.close();
    await pg.destroy();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };
  try {
    const shared = {
      DATABASE_URL: pg.url,
      SWITCHBOARD_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: CLUSTER_PUBLIC_URL,
      OPENAI_BASE_URL: realtime.baseUrl,
      TWILIO_API_BASE_URL: twilio.baseUrl,
      ...env,
    };
    for (let i = 0; i < count; i++) dataDirs.push(await mkdtemp(path.join(tmpdir(), `switchboard-cluster-${i}-`)));
    const started = await Promise.allSettled(dataDirs.map((dir) => startServerProcess(dir, shared)));
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await close();
    throw error;
  }

  const request: ClusterServers['request'] = (server, method, urlPath, options = {}) =>
    fetch(`${server.url}${urlPath}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });

  let numbers = 0;
  const operator: ClusterServers['operator'] = async (name) => {
    const a = servers[0]!;
    const must = async (answer: Promise<Response>, what: string) => {
      const response = await answer;
      if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const admin = await signIn(a.url, PROCESS_ADMIN.username, PROCESS_ADMIN.password);
    const password = `${name} passphrase`;
    await must(
      request(a, 'POST', '/api/accounts/admin/users', {
        token: admin,
        body: { username: name, email: `${name}@example.test`, password, role: 'user' },
      }),
      'create user',
    );
    const token = await signIn(a.url, name, password);
    await must(
      request(a, 'PUT', '/api/accounts/settings', {
        token,
        body: {
          openai_api_key: CLUSTER_OPENAI_KEY,
          twilio_account_sid: twilio.accountSid,
          twilio_auth_token: twilio.authToken,
        },
      }),
      'settings',
    );
    const agent = await must(request(a, 'POST', '/api/agents', { token, body: { name: `${name} desk` } }), 'agent');
    numbers += 1;
    const number = `+1415557${String(1000 + numbers)}`;
    twilio.addNumber(number);
    await must(
      request(a, 'POST', '/api/phone-associations', { token, body: { phoneNumber: number, agentId: agent.id } }),
      'number',
    );
    return { username: name, password, number, agentId: String(agent.id) };
  };

  return { pg, servers, realtime, twilio, request, operator, close };
}
