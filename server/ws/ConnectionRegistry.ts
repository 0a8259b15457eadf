/**
 * The open real-time connections of one app instance, by user. A connection belongs to the
 * effective user (whose events it receives) and to its actor (an admin impersonating someone),
 * so logging the admin out also closes the sockets they opened while impersonating.
 */
import WebSocket from 'ws';
import type { ServerMessage } from '../../shared/protocol.js';

export interface RealtimeConnection {
  socket: WebSocket;
  /** The effective user: events for this user are delivered here. */
  userId: string;
  /** The signed-in user who opened it (differs from userId while impersonating). */
  actorId: string;
  /** The actor's session (refresh-token family): logout closes the connections of that session only. */
  sessionId: string;
}

export class ConnectionRegistry {
  readonly #byUser = new Map<string, Set<RealtimeConnection>>();
  readonly #all = new Set<RealtimeConnection>();

  add(connection: RealtimeConnection): void {
    this.#all.add(connection);
    let set = this.#byUser.get(connection.userId);
    if (!set) this.#byUser.set(connection.userId, (set = new Set()));
    set.add(connection);
  }

  remove(connection: RealtimeConnection): void {
    this.#all.delete(connection);
    const set = this.#byUser.get(connection.userId);
    set?.delete(connection);
    if (set?.size === 0) this.#byUser.delete(connection.userId);
  }

  /** Sends a message to every open connection of the user; returns how many got it. */
  sendToUser(userId: string, message: ServerMessage): number {
    const set = this.#byUser.get(userId);
    if (!set) return 0;
    const frame = JSON.stringify(message);
    let sent = 0;
    for (const { socket } of set) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      socket.send(frame);
      sent += 1;
    }
    return sent;
  }

  /**
   * Closes every connection of the user, as effective user or as actor; returns how many.
   * The default code 1000 lets the console reconnect with its new token, unlike 4001.
   */
  closeUser(userId: string, code = 1000, reason = 'Logged out'): number {
    const matching = [...this.#all].filter((c) => c.userId === userId || c.actorId === userId);
    for (const connection of matching) this.#close(connection, code, reason);
    return matching.length;
  }

  /** Closes every connection opened in the session, impersonating or not; returns how many. */
  closeSession(sessionId: string, code: number, reason: string): number {
    const matching = [...this.#all].filter((c) => c.sessionId === sessionId);
    for (const connection of matching) this.#close(connection, code, reason);
    return matching.length;
  }

  /** Closes everything (server shutdown); returns how many. */
  closeAll(code = 1001, reason = 'Server shutting down'): number {
    const all = [...this.#all];
    for (const connection of all) this.#close(connection, code, reason);
    return all.length;
  }

  /** Open connections of one user, or of everyone. */
  count(userId?: string): number {
    return userId === undefined ? this.#all.size : (this.#byUser.get(userId)?.size ?? 0);
  }

  #close(connection: RealtimeConnection, code: number, reason: string): void {
    this.remove(connection);
    if (connection.socket.readyState === WebSocket.OPEN || connection.socket.readyState === WebSocket.CONNECTING) {
      connection.socket.close(code, reason);
    }
  }
}
