/**
 * The open real-time connections of one app instance, by user. A connection belongs to the
 * effective user (whose events it receives) and to its actor (an admin impersonating someone),
 * so logging the admin out also closes the sockets they opened while impersonating.
 *
 * With several instances on one PostgreSQL (server/cluster), sends and closes also go to the
 * peers, whose bus delivers them here through the `…Here` methods, which do not pass them on.
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

/** The other instances, as far as real-time connections go (server/cluster/ClusterLink.ts). */
export interface RealtimePeers {
  sendToUser(userId: string, message: ServerMessage): void;
  closeUser(userId: string, code: number, reason: string): void;
  closeSession(sessionId: string, code: number, reason: string): void;
}

export class ConnectionRegistry {
  readonly #byUser = new Map<string, Set<RealtimeConnection>>();
  readonly #all = new Set<RealtimeConnection>();
  #peers: RealtimePeers | null = null;

  /** From now on, sends and closes reach the other instances' connections too. */
  linkPeers(peers: RealtimePeers): void {
    this.#peers = peers;
  }

  add(connection: RealtimeConnection): void {
    this.#all.add(connection);
    let set = this.#byUser.get(connection.userId);
    if (!set) {
      set = new Set();
      this.#byUser.set(connection.userId, set);
    }
    set.add(connection);
  }

  remove(connection: RealtimeConnection): void {
    this.#all.delete(connection);
    const set = this.#byUser.get(connection.userId);
    set?.delete(connection);
    if (set?.size === 0) this.#byUser.delete(connection.userId);
  }

  /** Sends a message to every open connection of the user, here and on the peers; returns how many here got it. */
  sendToUser(userId: string, message: ServerMessage): number {
    this.#peers?.sendToUser(userId, message);
    return this.sendToUserHere(userId, message);
  }

  /** Sends to the user's connections on this instance only. */
  sendToUserHere(userId: string, message: ServerMessage): number {
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
   * The default code 1000 lets the console reconnect with its new token, unlike 4001. The peers
   * close theirs too; the count is of this instance's.
   */
  closeUser(userId: string, code = 1000, reason = 'Logged out'): number {
    this.#peers?.closeUser(userId, code, reason);
    return this.closeUserHere(userId, code, reason);
  }

  closeUserHere(userId: string, code: number, reason: string): number {
    const matching = [...this.#all].filter((c) => c.userId === userId || c.actorId === userId);
    for (const connection of matching) this.#close(connection, code, reason);
    return matching.length;
  }

  /** Closes every connection opened in the session, impersonating or not, here and on the peers; returns how many here. */
  closeSession(sessionId: string, code: number, reason: string): number {
    this.#peers?.closeSession(sessionId, code, reason);
    return this.closeSessionHere(sessionId, code, reason);
  }

  closeSessionHere(sessionId: string, code: number, reason: string): number {
    const matching = [...this.#all].filter((c) => c.sessionId === sessionId);
    for (const connection of matching) this.#close(connection, code, reason);
    return matching.length;
  }

  /** Closes everything on this instance (its shutdown); returns how many. */
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
