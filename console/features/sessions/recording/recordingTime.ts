/** Where transcript lines sit on a call's recording (issue 21), and the player's clock. */
import type { SessionMessage } from '../../../../shared/types/session.js';

/** A position on the recording as m:ss (h:mm:ss past an hour). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Where a line starts on the recording, in ms; null when the server did not place it. */
export function startOf(message: SessionMessage): number | null {
  const at = message.audioStartMs;
  return typeof at === 'number' && Number.isFinite(at) && at >= 0 ? at : null;
}

/** The caller's and the agent's lines: the two sides a recording has (tool calls are neither). */
export function isSpokenLine(message: SessionMessage): boolean {
  return message.type === 'user' || message.type === 'assistant';
}

/**
 * The line being spoken at `ms`: the last placed line that starts at or before it, until the next
 * one starts. Null before the first line.
 */
export function lineAt(messages: readonly SessionMessage[], ms: number): SessionMessage | null {
  let found: SessionMessage | null = null;
  let foundAt = -1;
  for (const message of messages) {
    const at = startOf(message);
    // By start, not by list order: a line's place on the list is when it was stored.
    if (at !== null && at <= ms && at >= foundAt) {
      found = message;
      foundAt = at;
    }
  }
  return found;
}
