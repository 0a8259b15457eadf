/**
 * What buildApp adds to Fastify's types: the app's services (decorations) and the signed-in
 * identities on each request. Route files read `request.user` (the effective user: the
 * impersonated one while impersonating) through `requireUser(request)`.
 */
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import type { SecretBox } from './crypto/SecretBox.js';
import type { ConnectionRegistry } from './ws/ConnectionRegistry.js';
import type { AuthServices } from './auth/AuthServices.js';
import type { CallRegistry } from './voice/CallRegistry.js';
import type { ChatEngine } from './chat/ChatEngine.js';
import type { ClusterLink } from './cluster/ClusterLink.js';
import type { OwnerAnswers } from './http/OwnerAnswers.js';

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

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: Config;
    clock: Clock;
    secretBox: SecretBox;
    realtime: ConnectionRegistry;
    /** This server instance's id, stored on the calls it bridges (migration 010). */
    instanceId: string;
    auth: AuthServices;
    /** The phone calls this instance is bridging. */
    calls: CallRegistry;
    /** The live chat of web chat bots: answers being written, limits, the sweep. */
    chat: ChatEngine;
    /** The other instances on the same PostgreSQL; null on SQLite (one instance). */
    cluster: ClusterLink | null;
    /** Kept answers of the `ownerAnswer` routes, per effective user. */
    ownerAnswers: OwnerAnswers;
  }
  interface FastifyRequest {
    /** The signed-in user (null on public routes). */
    actor: SessionUser | null;
    /** The effective user: the impersonated user while impersonating, else the actor. */
    user: SessionUser | null;
    impersonating: boolean;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** A GET whose answer shows only its effective user's own data, kept between their writes (http/OwnerAnswers.ts). */
    ownerAnswer?: boolean;
  }
}
