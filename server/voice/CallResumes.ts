/**
 * Streams a call is waiting for (issue 23, VOICE.md §14.6): pressing keys replaces the call's
 * TwiML with `<Play digits>` and a new `<Connect><Stream>`, and the new stream must come back to
 * the same bridge (its Realtime session, its session row). The new TwiML carries a one-time
 * resume token: 256 random bits, held here only as a SHA-256 hash with the call SID and owner it
 * resumes, for one instance's calls (the Realtime session it resumes lives in this process).
 * A stream presenting it must still be Twilio's, signed for that owner (CallRegistry checks).
 */
import { randomBytes } from 'node:crypto';
import { hashStreamToken } from './streamTokens.js';
import type { TwilioStream } from './TwilioStream.js';

/** The `<Parameter>` that carries the resume token. */
export const RESUME_PARAMETER = 'resume';

/** What the new stream re-attaches to. */
export interface ResumableLeg {
  resume(stream: TwilioStream, streamSid: string): void;
}

export interface PendingResume {
  leg: ResumableLeg;
  callSid: string;
  userId: string;
}

export class CallResumes {
  readonly #pending = new Map<string, PendingResume>();

  /** A new token for `pending`; it stays usable until taken or forgotten. */
  expect(pending: PendingResume): string {
    const token = randomBytes(32).toString('base64url');
    this.#pending.set(hashStreamToken(token), pending);
    return token;
  }

  /** What `token` resumes, without using it up (its stream is checked first); undefined for no token of ours. */
  peek(token: string): PendingResume | undefined {
    return this.#pending.get(hashStreamToken(token));
  }

  /** Uses `token` up: true when it was still pending. */
  take(token: string): boolean {
    return this.#pending.delete(hashStreamToken(token));
  }

  forget(token: string): void {
    this.#pending.delete(hashStreamToken(token));
  }

  get size(): number {
    return this.#pending.size;
  }
}
