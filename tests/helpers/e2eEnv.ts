import { fileURLToPath } from 'node:url';

/**
 * The one server the end-to-end tests run against (started by tests/playwright.config.ts), and
 * the credentials of its first superadmin. E2E tests import these instead of repeating them.
 */
/**
 * The e2e server's port; SWITCHBOARD_E2E_PORT moves the whole block (server, then the fakes at
 * +1, +2 …) so two checkouts can run their e2e suites side by side. Ports +3 to +9 are kept for
 * further fakes (Realtime, fixture sites).
 */
export const E2E_PORT = Number(process.env.SWITCHBOARD_E2E_PORT) || 3100;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN_USERNAME = 'admin';
export const E2E_ADMIN_PASSWORD = 'e2e-admin-Passw0rd';

/**
 * Where the server sends OpenAI and Twilio requests during e2e runs: local ports, so a run never
 * reaches the internet. A test that needs them starts a fake from tests/fixtures on these ports.
 */
export const E2E_OPENAI_PORT = E2E_PORT + 1;
export const E2E_TWILIO_PORT = E2E_PORT + 2;
/**
 * The fixture website the crawl is tested on (tests/fixtures/siteFixtureServer.ts, whose default
 * port is this one too). The server may reach it only because OUTBOUND_ALLOW names it below.
 */
export const E2E_SITE_PORT = E2E_PORT + 5;
export const E2E_SITE_URL = `http://127.0.0.1:${E2E_SITE_PORT}`;

/** The MCP server mcp.spec.ts starts (issue 22); OUTBOUND_ALLOW names it below, as a self-hoster would. */
export const E2E_MCP_PORT = E2E_PORT + 8;
export const E2E_MCP_URL = `http://127.0.0.1:${E2E_MCP_PORT}/mcp`;
/** The webhook receiver the Integrations story starts (tests/fixtures/webhookReceiver.ts), in OUTBOUND_ALLOW. */
export const E2E_WEBHOOK_PORT = E2E_PORT + 7;

/** Screenshots that tests take on purpose (failure artifacts go to test-results/ as usual). */
export const E2E_SCREENSHOTS_DIR = fileURLToPath(new URL('../../test-results/screens/', import.meta.url));

/** Environment of the e2e server process, given a fresh data folder. */
export function e2eServerEnv(dataDir: string): Record<string, string> {
  return {
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: E2E_BASE_URL,
    DATA_DIR: dataDir,
    SWITCHBOARD_ADMIN_USERNAME: E2E_ADMIN_USERNAME,
    SWITCHBOARD_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    OPENAI_BASE_URL: `http://127.0.0.1:${E2E_OPENAI_PORT}/v1`,
    TWILIO_API_BASE_URL: `http://127.0.0.1:${E2E_TWILIO_PORT}`,
    // The one way to a local address (ARCHITECTURE.md): the fixture site, the test's MCP server and
    // the webhook receiver, nothing else.
    OUTBOUND_ALLOW: [`127.0.0.1:${E2E_SITE_PORT}`, `127.0.0.1:${E2E_MCP_PORT}`, `127.0.0.1:${E2E_WEBHOOK_PORT}`].join(
      ',',
    ),
    // The shortest token life allowed: every story crosses expiries, as a user's long day does,
    // and stay-signed-in.spec.ts can outlast two token lives in two minutes (issue 18).
    ACCESS_TOKEN_TTL_SECONDS: '60',
    LOG_LEVEL: 'warn',
  };
}
