/**
 * A new user of a test app, signed in, with `call(method, url, payload?)` that sends their bearer
 * token (and optionally impersonates). Saves each suite its own copy of the same few lines.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp, TestUser } from './serverApp.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SignedInCaller {
  user: TestUser;
  accessToken: string;
  call: (method: Method, url: string, payload?: unknown, impersonate?: string) => Promise<LightMyRequestResponse>;
}

export async function signedInCaller(t: TestApp, fields?: Partial<Omit<TestUser, 'id'>>): Promise<SignedInCaller> {
  const user = await t.createUser(fields);
  const { accessToken } = await t.login(user.username, user.password);
  const call: SignedInCaller['call'] = (method, url, payload, impersonate) =>
    t.app.inject({
      method,
      url,
      headers: t.auth(accessToken, impersonate),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { user, accessToken, call };
}
