/**
 * A new user of a test app, signed in, with `call(method, url, payload?)` that sends their bearer
 * token (and optionally impersonates). Saves each suite its own copy of the same few lines.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp, TestUser } from './serverApp.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Call = (
  method: Method,
  url: string,
  payload?: unknown,
  impersonate?: string,
) => Promise<LightMyRequestResponse>;

export interface SignedInCaller {
  user: TestUser;
  accessToken: string;
  call: Call;
}

/** Requests to the test app with this bearer token (and optionally impersonating a user). */
export function bearerCall(t: TestApp, accessToken: string): Call {
  return (method, url, payload, impersonate) =>
    t.app.inject({
      method,
      url,
      headers: t.auth(accessToken, impersonate),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

export async function signedInCaller(t: TestApp, fields?: Partial<Omit<TestUser, 'id'>>): Promise<SignedInCaller> {
  const user = await t.createUser(fields);
  const { accessToken } = await t.login(user.username, user.password);
  return { user, accessToken, call: bearerCall(t, accessToken) };
}

/** The same caller signed in afresh: for tests that move the clock past an access token's lifetime. */
export async function signInAgain<C extends SignedInCaller>(t: TestApp, caller: C): Promise<C> {
  const { accessToken } = await t.login(caller.user.username, caller.user.password);
  return { ...caller, accessToken, call: bearerCall(t, accessToken) };
}
