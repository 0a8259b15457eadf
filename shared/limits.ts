/**
 * Per-user quotas (issue 7, finding 6): how many of each thing one user may own and how big they
 * may grow. The server answers 403 `quota_exceeded` naming the limit when a write would pass one;
 * the README lists them. Sizes are bytes of UTF-8.
 */
export const USER_QUOTAS = {
  tools: 100,
  /** handler_code plus parameters JSON of all of a user's tools together. */
  toolsTotalBytes: 5 * 1024 * 1024,
  customValues: 200,
  agents: 100,
  webchats: 50,
  demosPerWebchat: 20,
  /** Crawled pages kept with one bot. */
  knowledgePagesPerWebchat: 200,
  /** Uploaded documents kept with one bot (issue 24), besides its crawled pages. */
  knowledgeDocumentsPerWebchat: 50,
  /** Text of the crawled pages plus the summary of one bot. */
  knowledgeBytesPerWebchat: 5 * 1024 * 1024,
  /** Live (not revoked) API keys (issue 22). */
  apiKeys: 50,
  /** MCP servers of one user (issue 22). */
  mcpServers: 20,
  /** Webhook endpoints (issue 22). */
  webhookEndpoints: 20,
} as const;

export type UserQuota = keyof typeof USER_QUOTAS;
