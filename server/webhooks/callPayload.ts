/**
 * What a call event carries (issue 22; VOICE.md §16.3: what Vapi's end-of-call report and Retell's
 * call_ended carry): the call's ids, agent, numbers, direction, times and duration, and once it has
 * ended its transcript, cost and a signed link to its recording. Built by the instance that ends
 * the call, right then, while the call is sure to exist (Keep history may delete it soon after).
 */
import type { Kysely } from 'kysely';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { TranscriptLine } from '../db/analysisTranscripts.js';
import { transcriptLines } from '../db/analysisTranscripts.js';
import { findRecording } from '../db/recordings.js';
import type { Database } from '../db/schema.js';
import { findSession } from '../db/sessions.js';
import { callFigures, loadPricing } from '../pricing/callFigures.js';
import type { TelephonyRates } from '../pricing/telephonyRates.js';
import { signRecordingLink } from '../recordings/recordingLinks.js';

export interface PayloadDeps {
  db: Kysely<Database>;
  secretBox: SecretBox;
  publicUrl: string;
  telephonyRates: TelephonyRates;
  recordingLinkTtlMs: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export interface CallData {
  call: {
    id: string;
    callSid: string | null;
    direction: string;
    agent: { id: string; name: string };
    from: string;
    to: string;
    startedAt: string | null;
    endedAt: string | null;
    durationSeconds: number | null;
    endedReason?: string;
  };
  transcript?: TranscriptLine[];
  cost?: { modelUsd: number | null; telephonyUsd: number | null; totalUsd: number | null; currency: 'USD' } | null;
  recording?: { url: string; expiresAt: string } | null;
}

/** The call's data for an event; null when it is gone. `ended` adds transcript, cost and recording. */
export async function callData(
  deps: PayloadDeps,
  userId: string,
  streamSid: string,
  options: { ended: boolean; now: number; endedReason?: string },
): Promise<CallData | null> {
  const { db } = deps;
  const session = await findSession(db, userId, streamSid);
  if (!session) return null;
  const data: CallData = {
    call: {
      id: session.stream_sid,
      callSid: session.call_sid || null,
      direction: session.call_type,
      agent: { id: session.agent_id, name: session.agent_name },
      from: session.from_number,
      to: session.to_number,
      startedAt: iso(session.start_time),
      endedAt: iso(session.end_time),
      durationSeconds: session.duration === null ? null : Number(session.duration),
      ...(options.endedReason ? { endedReason: options.endedReason } : {}),
    },
  };
  if (!options.ended) return data;
  const figures = callFigures(session, await loadPricing(db, deps.telephonyRates));
  data.transcript = await transcriptLines(db, 'call', streamSid);
  data.cost = figures ? { ...figures.cost, currency: 'USD' } : null;
  data.recording = await recordingOf(deps, userId, streamSid, options.now);
  return data;
}

/**
 * A link that opens the recording without signing in (the link is the credential, for this one
 * recording, until it expires: recordings/recordingLinks.ts), so the receiver can fetch it.
 */
async function recordingOf(
  deps: PayloadDeps,
  userId: string,
  streamSid: string,
  now: number,
): Promise<CallData['recording']> {
  const row = await findRecording(deps.db, userId, streamSid);
  if (row?.status !== 'ready') return null;
  const { token, expiresAt } = signRecordingLink(deps.secretBox, streamSid, userId, now, deps.recordingLinkTtlMs);
  const url = new URL(`/api/sessions/recording/${encodeURIComponent(streamSid)}?token=${token}`, deps.publicUrl);
  return { url: url.href, expiresAt: new Date(expiresAt).toISOString() };
}
