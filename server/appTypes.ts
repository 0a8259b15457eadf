/**
 * What buildApp adds to Fastify's types: the app's services (decorations) and the signed-in
 * identities on each request. Route files read `request.user` (the effective user: the
 * impersonated one while impersonating) through `requireUser(request)`.
 *
 * The one `declare module 'fastify'` of the server, beside app.ts that decorates. TypeScript
 * reads it as part of the program, so nobody imports it: the small types it names live in
 * core/types.ts, and the services' own files.
 */
import type { Kysely } from 'kysely';
import type { ApiKeyScope } from '../shared/types/apiKey.js';
import type { AnalysisRunner } from './analysis/AnalysisRunner.js';
import type { AuthServices } from './auth/AuthServices.js';
import type { ChatEngine } from './chat/ChatEngine.js';
import type { ClusterLink } from './cluster/ClusterLink.js';
import type { Config } from './config.js';
import type { AuthMode, Clock, SessionUser } from './core/types.js';
import type { SecretBox } from './crypto/SecretBox.js';
import type { Database } from './db/schema.js';
import type { OwnerAnswers } from './http/OwnerAnswers.js';
import type { McpClient } from './mcp/McpClient.js';
import type { ConnectionRegistry } from './realtime/ConnectionRegistry.js';
import type { RecordingStore } from './recordings/RecordingStore.js';
import type { RecordingSweep } from './recordings/RecordingSweep.js';
import type { Sandbox } from './sandbox/types.js';
import type { CallRegistry } from './voice/CallRegistry.js';
import type { Webhooks } from './webhooks/Webhooks.js';

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
    /** Post-call analysis jobs this instance claims and runs (analysis/AnalysisRunner.ts). */
    analysis: AnalysisRunner;
    /** Webhook endpoints, events and deliveries (webhooks/Webhooks.ts, issue 22). */
    webhooks: Webhooks;
    /** The live chat of web chat bots: answers being written, limits, the sweep. */
    chat: ChatEngine;
    /** The other instances on the same PostgreSQL; null on SQLite (one instance). */
    cluster: ClusterLink | null;
    /** Kept answers of the `ownerAnswer` routes, per effective user. */
    ownerAnswers: OwnerAnswers;
    /** Where calls' recordings are kept (recordings/RecordingStore.ts). */
    recordings: RecordingStore;
    /** Deletes the audio of deleted calls and finishes recordings a stopped server left (recordings/RecordingSweep.ts). */
    recordingSweep: RecordingSweep;
    /** The tool sandbox (server/sandbox/): a worker-thread pool running QuickJS, closed with the app. */
    sandbox: Sandbox;
    /** The MCP client (server/mcp/): lists and calls the tools of users' MCP servers. */
    mcp: McpClient;
  }
  interface FastifyRequest {
    /** The signed-in user (null on public routes). */
    actor: SessionUser | null;
    /** The effective user: the impersonated user while impersonating, else the actor. */
    user: SessionUser | null;
    impersonating: boolean;
    /** The API key the request was signed in with (auth/apiKeyRequest.ts); null with an access token. */
    apiKey: { id: string; scope: ApiKeyScope } | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** A GET whose answer shows only its effective user's own data, kept between their writes (http/OwnerAnswers.ts). */
    ownerAnswer?: boolean;
    /** A non-GET route that changes nothing, so read-only API keys may call it (core/apiKeyPolicy.ts). */
    readsOnly?: boolean;
  }
}
