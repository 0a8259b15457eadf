/**
 * An MCP server's bearer token at rest: SecretBox ciphertext bound to its owner and server
 * ("<userId>:mcp:<serverId>"), so a ciphertext copied onto another row does not decrypt.
 */
import type { SecretBox } from '../crypto/SecretBox.js';
import type { McpServerRecord } from '../db/mcpServers.js';
import type { McpTarget } from '../mcp/McpClient.js';

const associatedData = (userId: string, serverId: string) => `${userId}:mcp:${serverId}`;

export function sealMcpToken(secretBox: SecretBox, userId: string, serverId: string, token: string): string {
  return secretBox.encrypt(token, associatedData(userId, serverId));
}

/** Where to reach a stored server, its token decrypted. */
export function mcpTarget(secretBox: SecretBox, server: McpServerRecord): McpTarget {
  return {
    url: server.url,
    bearerToken:
      server.bearer_token === null
        ? null
        : secretBox.decrypt(server.bearer_token, associatedData(server.user_id, server.id)),
  };
}
