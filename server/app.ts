/**
 * The app factory: builds the whole API server around a database and a config, and never
 * listens (main.ts does). Everything stateful (real-time connections, login throttle, token
 * services) is created here, per app, so tests build as many independent apps as they like.
 */
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { AnalysisRunner } from './analysis/AnalysisRunner.js';
import { createAuthServices } from './auth/AuthServices.js';
import { authenticate } from './auth/authenticate.js';
import { ChatEngine } from './chat/ChatEngine.js';
import { ClusterLink } from './cluster/ClusterLink.js';
import type { Config } from './config.js';
import type { Clock } from './core/types.js';
import { loadEncryptionKey } from './crypto/encryptionKey.js';
import { SecretBox } from './crypto/SecretBox.js';
import { isPostgres } from './db/dialect.js';
import type { Database } from './db/schema.js';
import { createFramingProbe } from './demo/framingProbe.js';
import { ConnectionGuard } from './http/ConnectionGuard.js';
import { connectionServerOptions } from './http/connectionLimits.js';
import { errorHandler } from './http/errorHandler.js';
import { registerJsonBodyParser } from './http/jsonBody.js';
import { loggerOptions } from './http/logging.js';
import { createNotFoundHandler } from './http/notFound.js';
import { registerNulGuard } from './http/nulCharacters.js';
import { OwnerAnswers } from './http/OwnerAnswers.js';
import { registerOwnerAnswers } from './http/ownerAnswerHooks.js';
import type { LogDestination } from './http/prettyLog.js';
import { logWebSocketUpgrades, RequestLogController } from './http/RequestLogController.js';
import { registerSecurity } from './http/security.js';
import { McpClient } from './mcp/McpClient.js';
import { trustedProxyCheck } from './net/trustedProxies.js';
import { openApiOptions } from './openapi/openApiOptions.js';
import { ConnectionRegistry } from './realtime/ConnectionRegistry.js';
import { createRecordingStore } from './recordings/createRecordingStore.js';
import { RECORDING_SWEEP_INTERVAL_MS, RecordingSweep } from './recordings/RecordingSweep.js';
import { accountRoutes } from './routes/accounts.js';
import { adminRoutes } from './routes/admin.js';
import { agentRoutes } from './routes/agents.js';
import { analysisRoutes } from './routes/analysis.js';
import { analyticsRoutes } from './routes/analytics.js';
import { apiDocsRoutes } from './routes/apiDocs.js';
import { apiKeyRoutes } from './routes/apiKeys.js';
import { customValueRoutes } from './routes/customValues.js';
import { demoPageRoutes } from './routes/demoPages.js';
import { healthRoutes } from './routes/health.js';
import { historyRoutes } from './routes/history.js';
import { knowledgeRoutes } from './routes/knowledge.js';
import { knowledgeDocumentRoutes } from './routes/knowledgeDocuments.js';
import { mcpServerRoutes } from './routes/mcpServers.js';
import { phoneAssociationRoutes } from './routes/phoneAssociations.js';
import { priceRoutes } from './routes/prices.js';
import { profileRoutes } from './routes/profile.js';
import { recordingRoutes } from './routes/recordings.js';
import { sessionRoutes } from './routes/sessions.js';
import { settingsRoutes } from './routes/settings.js';
import { createConsolePage, staticRoutes } from './routes/static.js';
import { toolRoutes } from './routes/tools.js';
import { twilioRoutes } from './routes/twilio.js';
import { twilioAmdStatusRoutes } from './routes/twilioAmdStatus.js';
import { twilioCallStatusRoutes } from './routes/twilioCallStatus.js';
import { twilioDialResultRoutes } from './routes/twilioDialResult.js';
import { webchatLeadRoutes } from './routes/webchatLeads.js';
import { webchatRoutes } from './routes/webchats.js';
import { webchatTakeoverRoutes } from './routes/webchatTakeover.js';
import { webhookRoutes } from './routes/webhooks.js';
import { widgetChatRoutes } from './routes/widgetChat.js';
import { widgetExcerptRoutes } from './routes/widgetExcerpts.js';
import { widgetFeedbackRoutes } from './routes/widgetFeedback.js';
import { widgetPublicRoutes } from './routes/widgetPublic.js';
import { createSandbox } from './sandbox/createSandbox.js';
import { fillAccountSidHashes } from './settings/accountSidHashes.js';
import { logWorkerErrors, mcpClientOptions, sandboxOptions } from './tools/toolSandbox.js';
import { CallRegistry } from './voice/CallRegistry.js';
import { Webhooks } from './webhooks/Webhooks.js';
import { frontendSocketRoutes } from './ws/frontend.js';
import { listenSocketRoutes } from './ws/listen.js';
import { mediaStreamRoutes } from './ws/mediaStream.js';
import { talkSocketRoutes } from './ws/talk.js';

export interface BuildAppOptions {
  db: Kysely<Database>;
  config: Config;
  /** Log level (default config.logLevel) and destination (default stdout). */
  logger?: { level?: Config['logLevel']; stream?: LogDestination };
  /** The clock for tokens, throttles and timestamps; Date.now by default. */
  now?: Clock;
  /** Called for every route as it is registered (the authorization matrix test lists them). */
  onRoute?: (route: RouteOptions) => void;
  /** This server's id in the database (server/instances/InstanceHeartbeat.ts); random by default. */
  instanceId?: string;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const clock = options.now ?? Date.now;
  const app = Fastify({
    logger: loggerOptions({ level: options.logger?.level ?? config.logLevel, stream: options.logger?.stream }),
    logController: new RequestLogController(),
    bodyLimit: config.bodyLimitBytes,
    ...connectionServerOptions(config.connections),
    // A hop count trusts that many proxies in front of us; Fastify's types only take it as a function.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const secretBox = new SecretBox(await loadEncryptionKey(config));
  // Needs the key, which migrations do not have (migration 014).
  await fillAccountSidHashes(db, secretBox);
  const realtime = new ConnectionRegistry();
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('secretBox', secretBox);
  app.decorate('realtime', realtime);
  app.decorate('instanceId', options.instanceId ?? randomUUID());
  app.decorate('auth', await createAuthServices({ db, config, secretBox, clock }));
  // Worker threads start on the first tool run, so apps that never run one cost nothing.
  const sandbox = createSandbox({ ...sandboxOptions(config), onWorkerError: logWorkerErrors(app.log) });
  app.decorate('sandbox', sandbox);
  const mcp = new McpClient(mcpClientOptions(config));
  app.decorate('mcp', mcp);
  const recordings = createRecordingStore(config.recordings);
  app.decorate('recordings', recordings);
  const recordingSweep = new RecordingSweep({
    db,
    store: recordings,
    clock,
    log: app.log,
    intervalMs: RECORDING_SWEEP_INTERVAL_MS,
  });
  app.decorate('recordingSweep', recordingSweep);
  recordingSweep.start();
  const webhooks = new Webhooks({ db, clock, secretBox, log: app.log, config });
  app.decorate('webhooks', webhooks);
  webhooks.start();
  const calls = new CallRegistry({
    db,
    sandbox,
    mcp,
    secretBox,
    realtime,
    config,
    clock,
    log: app.log,
    instanceId: app.instanceId,
    recordings,
    webhookEvents: webhooks.events,
  });
  app.decorate('calls', calls);
  const chat = new ChatEngine({ db, config, clock, secretBox, sandbox, mcp, realtime, log: app.log });
  app.decorate('chat', chat);
  const analysis = new AnalysisRunner({
    db,
    clock,
    secretBox,
    realtime,
    config,
    analysis: config.analysis,
    log: app.log,
    webhookEvents: webhooks.events,
  });
  app.decorate('analysis', analysis);
  analysis.start();
  const ownerAnswers = new OwnerAnswers(clock);
  app.decorate('ownerAnswers', ownerAnswers);
  // Several instances may share a PostgreSQL database: events, closes, invalidations and End
  // Session reach the others through it. SQLite has one instance and no link.
  const cluster =
    config.databaseUrl && isPostgres(db)
      ? new ClusterLink({
          connectionString: config.databaseUrl,
          db,
          instanceId: app.instanceId,
          log: app.log,
          clock,
          realtime,
          auth: app.auth,
          calls,
          ownerAnswers,
          chatEvents: chat.events,
        })
      : null;
  app.decorate('cluster', cluster);
  app.addHook('onClose', async () => {
    await sandbox.close();
  });
  app.decorateRequest('actor', null);
  app.decorateRequest('user', null);
  app.decorateRequest('impersonating', false);
  app.decorateRequest('apiKey', null);

  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  app.setErrorHandler(errorHandler);
  registerJsonBodyParser(app);
  registerNulGuard(app);
  logWebSocketUpgrades(app);
  // Callback style, as every hook on each request's path: an async hook costs a promise and a microtask turn.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Before the websocket plugin's own preClose, so consoles see "going away" (1001).
  app.addHook('preClose', async () => {
    // Answers being streamed hold their connections open: end them before the server closes.
    await chat.close();
    await calls.endAll();
    await analysis.stop();
    await webhooks.stop();
    await recordingSweep.stop();
    realtime.closeAll(1001, 'Server shutting down');
  });

  await registerSecurity(app, config);
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: config.wsMaxPayloadBytes } });
  const isTrustedProxy = trustedProxyCheck(config.trustProxy);
  new ConnectionGuard({
    limits: config.connections,
    ipv6PrefixLength: config.ipv6PrefixLength,
    isTrustedProxy,
    log: app.log,
  }).attach(app.server);
  app.addHook('onRequest', authenticate);
  registerOwnerAnswers(app, ownerAnswers);
  // Before any route: it collects them as they are registered.
  await app.register(swagger, openApiOptions());

  await app.register(accountRoutes, { prefix: '/api/accounts' });
  await app.register(profileRoutes, { prefix: '/api/accounts' });
  await app.register(settingsRoutes, { prefix: '/api/accounts/settings' });
  await app.register(apiKeyRoutes, { prefix: '/api/accounts/api-keys' });
  await app.register(adminRoutes, { prefix: '/api/accounts/admin' });
  await app.register(priceRoutes, { prefix: '/api/accounts/admin/prices' });
  await app.register(agentRoutes, { prefix: '/api/agents' });
  await app.register(toolRoutes, { prefix: '/api/tools' });
  await app.register(customValueRoutes, { prefix: '/api/custom-values' });
  await app.register(mcpServerRoutes, { prefix: '/api/mcp-servers' });
  await app.register(phoneAssociationRoutes, { prefix: '/api/phone-associations' });
  await app.register(twilioRoutes, { prefix: '/api/twilio' });
  await app.register(twilioCallStatusRoutes, { prefix: '/api/twilio' });
  await app.register(twilioDialResultRoutes, { prefix: '/api/twilio' });
  await app.register(twilioAmdStatusRoutes, { prefix: '/api/twilio' });
  await app.register(knowledgeRoutes, { prefix: '/api/webchats' });
  await app.register(knowledgeDocumentRoutes, { prefix: '/api/webchats' });
  await app.register(webchatRoutes, { prefix: '/api/webchats' });
  await app.register(webchatTakeoverRoutes, { prefix: '/api/webchats' });
  await app.register(webchatLeadRoutes, { prefix: '/api/webchats' });
  await app.register(widgetPublicRoutes, { prefix: '/api/widget' });
  await app.register(widgetChatRoutes, { prefix: '/api/widget' });
  await app.register(widgetFeedbackRoutes, { prefix: '/api/widget' });
  await app.register(widgetExcerptRoutes, { prefix: '/api/widget' });
  await app.register(demoPageRoutes, {
    probe: createFramingProbe({ ancestorOrigin: new URL(config.publicUrl).origin, allow: config.outboundAllow }),
  });
  await app.register(mediaStreamRoutes, { prefix: '/api/twilio' });
  await app.register(sessionRoutes, { prefix: '/api/sessions' });
  await app.register(recordingRoutes, { prefix: '/api/sessions' });
  await app.register(historyRoutes, { prefix: '/api/history' });
  await app.register(analysisRoutes, { prefix: '/api' });
  await app.register(analyticsRoutes, { prefix: '/api' });
  await app.register(webhookRoutes, { prefix: '/api/webhooks' });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(apiDocsRoutes, { prefix: '/api' });
  await app.register(frontendSocketRoutes, { prefix: '/api' });
  await app.register(talkSocketRoutes, { prefix: '/api' });
  await app.register(listenSocketRoutes, { prefix: '/api' });
  await app.register(staticRoutes, { config });

  // Unknown /api paths count towards the rate limit like known ones.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, createNotFoundHandler(createConsolePage(config)));
  if (cluster) {
    await cluster.start();
    // After preClose has ended the calls, so their last events still reach the other instances.
    app.addHook('onClose', () => cluster.close());
  }
  return app;
}
