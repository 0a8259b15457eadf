/**
 * The few types every floor of the server speaks: time, who a request runs as, who may call a
 * route. They stand here, below everything, so that naming them never pulls in a service.
 */

/** Milliseconds since the epoch; injectable so tests can move time. */
export type Clock = () => number;

/**
 * Who may call a route: `public` (anyone), `user` (a valid access token; the default for
 * every `/api/*` route) or `admin` (the signed-in user's own role is admin or superadmin).
 */
export type AuthMode = 'public' | 'user' | 'admin';

/** The identity a request runs as. */
export interface SessionUser {
  id: string;
  username: string;
  email: string | null;
  role: string;
}
