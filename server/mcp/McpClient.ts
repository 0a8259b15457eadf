/**
 * The MCP client (VOICE.md §17): the official SDK's Client over its Streamable HTTP transport, one
 * short connection per listing or tool call (initialize, the request, close), so nothing is held
 * between calls and a server that restarts loses no state of ours. Every request passes the
 * outbound guard (guardedMcpFetch.ts); the server's bearer token rides as the Authorization header.
 *
 * A call never hangs and never throws: the whole exchange, handshake included, runs under the
 * sandbox's deadline, and every failure (refused connection, timeout, HTTP error, protocol error,
 * a result the server marks as an error) is a result with `success: false` and an error in words.
 * One user has at most `callsPerUser` calls in flight on this instance, like sandbox tools.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ToolTestResult } from '../../shared/types/tool.js';
import { createGuardedFetch, type GuardedResolver, OutboundRequestError } from '../net/outboundGuard.js';
import { guardedMcpFetch } from './guardedMcpFetch.js';
import { type ListedTool, listedTools } from './listedTools.js';
import { MCP_LIMITS, MCP_USER_AGENT } from './mcpLimits.js';
import { MCP_MESSAGES } from './mcpMessages.js';
import { boundedResultText, cutText } from './mcpResultText.js';

export interface McpClientOptions {
  /** The deadline of one call or listing, handshake included (SANDBOX_TIMEOUT_MS). */
  timeoutMs: number;
  /** Calls of one user in flight at once on this instance (SANDBOX_USER_CALLS). */
  callsPerUser: number;
  /** OUTBOUND_ALLOW: "host:port" targets reachable although private. */
  allow?: readonly string[];
  /** Replaces DNS (tests of names that resolve to private addresses). */
  resolve?: GuardedResolver;
}

/** Where a server is: its URL and its bearer token, decrypted. */
export interface McpTarget {
  url: string;
  bearerToken: string | null;
}

export type McpListing = { ok: true; tools: ListedTool[] } | { ok: false; error: string };

const CLIENT_INFO = { name: 'switchboard', version: '0.1.0' };

export class McpClient {
  readonly #options: McpClientOptions;
  readonly #inFlight = new Map<string, number>();

  constructor(options: McpClientOptions) {
    this.#options = options;
  }

  /** Lists the server's tools (every page, within MCP_LIMITS); never rejects. */
  async listTools(target: McpTarget): Promise<McpListing> {
    try {
      const tools = await this.#session(target, async (client, request) => {
        const found: unknown[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < MCP_LIMITS.maxListPages && found.length < MCP_LIMITS.maxTools; page++) {
          const answer = await client.listTools(cursor === undefined ? {} : { cursor }, request);
          found.push(...answer.tools);
          cursor = answer.nextCursor;
          if (cursor === undefined) break;
        }
        return listedTools(found);
      });
      return { ok: true, tools };
    } catch (error) {
      return { ok: false, error: this.#describe(error) };
    }
  }

  /** Calls `toolName` with `args` for `owner`; never rejects. */
  async callTool(owner: string, target: McpTarget, toolName: string, args: unknown): Promise<ToolTestResult> {
    const started = performance.now();
    const done = (success: boolean, output: unknown, error: string | null): ToolTestResult => ({
      success,
      output,
      logs: [],
      durationMs: Math.round(performance.now() - started),
      error,
    });
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      return done(false, null, MCP_MESSAGES.argsNotObject);
    }
    const running = this.#inFlight.get(owner) ?? 0;
    if (running >= this.#options.callsPerUser) {
      return done(false, null, MCP_MESSAGES.ownerBusy(this.#options.callsPerUser));
    }
    this.#inFlight.set(owner, running + 1);
    try {
      const result = await this.#session(target, (client, request) =>
        client.callTool({ name: toolName, arguments: args as Record<string, unknown> }, undefined, request),
      );
      if (result.isError === true) {
        return done(false, null, MCP_MESSAGES.toolError(cutText(boundedResultText(result), MCP_LIMITS.maxErrorChars)));
      }
      return done(true, boundedResultText(result), null);
    } catch (error) {
      return done(false, null, this.#describe(error));
    } finally {
      const left = (this.#inFlight.get(owner) ?? 1) - 1;
      if (left > 0) this.#inFlight.set(owner, left);
      else this.#inFlight.delete(owner);
    }
  }

  /** Connects, runs `work`, closes; the whole under the deadline. */
  async #session<T>(
    target: McpTarget,
    work: (client: Client, request: { signal: AbortSignal; timeout: number }) => Promise<T>,
  ): Promise<T> {
    const { timeoutMs } = this.#options;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DeadlineError(timeoutMs)), timeoutMs);
    const guarded = createGuardedFetch({
      ...(this.#options.allow ? { allow: this.#options.allow } : {}),
      ...(this.#options.resolve ? { resolve: this.#options.resolve } : {}),
      maxRequests: MCP_LIMITS.maxRequests,
      maxResponseBytes: MCP_LIMITS.maxResponseBytes,
      timeoutMs,
      userAgent: MCP_USER_AGENT,
    });
    const transport = new StreamableHTTPClientTransport(new URL(target.url), {
      fetch: guardedMcpFetch(guarded),
      ...(target.bearerToken ? { requestInit: { headers: { Authorization: `Bearer ${target.bearerToken}` } } } : {}),
      // One short exchange per call: a dropped stream is an error for the model, not a reconnect loop.
      reconnectionOptions: {
        maxRetries: 0,
        initialReconnectionDelay: 1000,
        maxReconnectionDelay: 1000,
        reconnectionDelayGrowFactor: 1,
      },
    });
    const client = new Client(CLIENT_INFO);
    const request = { signal: deadline.signal, timeout: timeoutMs };
    try {
      const run = (async () => {
        await client.connect(transport, request);
        return work(client, request);
      })();
      // The deadline wins even if the SDK were to miss the abort somewhere.
      const expired = new Promise<never>((_, reject) => {
        deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason), { once: true });
      });
      run.catch(() => undefined);
      return await Promise.race([run, expired]);
    } catch (error) {
      throw deadline.signal.aborted ? deadline.signal.reason : error;
    } finally {
      clearTimeout(timer);
      await client.close().catch(() => undefined);
    }
  }

  #describe(error: unknown): string {
    if (error instanceof DeadlineError) return MCP_MESSAGES.timedOut(error.ms);
    if (error instanceof OutboundRequestError) {
      if (error.code === 'timeout') return MCP_MESSAGES.timedOut(this.#options.timeoutMs);
      return MCP_MESSAGES.unreachable(error.message);
    }
    if (error instanceof StreamableHTTPError) return MCP_MESSAGES.httpStatus(oneLine(error.message));
    if (error instanceof McpError) return MCP_MESSAGES.refused(oneLine(error.message));
    return MCP_MESSAGES.failed(oneLine(error instanceof Error ? error.message : String(error)));
  }
}

class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
  constructor(readonly ms: number) {
    super(`Deadline of ${ms} ms passed`);
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}
