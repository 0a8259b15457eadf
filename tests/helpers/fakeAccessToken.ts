/**
 * An access token shaped like the server's (a JWT with `iat` and `exp`), for console and client
 * tests: clients only read its times, the fakes they talk to accept it by value. Unsigned.
 */
function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

let serial = 0;

/** A token issued at `issuedAtMs` (whole seconds, as the server writes them) living `lifeSeconds`. */
export function fakeAccessToken(issuedAtMs: number, lifeSeconds: number): string {
  const iat = Math.floor(issuedAtMs / 1000);
  serial += 1;
  return [
    base64Url({ alg: 'HS256', typ: 'JWT' }),
    base64Url({ sub: '2', sid: `session-${serial}`, iat, exp: iat + lifeSeconds }),
    `signature-${serial}`,
  ].join('.');
}
