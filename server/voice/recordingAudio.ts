/**
 * A call's recording for its owner (issue 21): a signed link for the player, and the audio it
 * opens, as a PCM16 WAV with byte ranges (voice/audio/mulawWav.ts). Another user's call, a call
 * without a ready recording and a bad link are all 404 'Recording not found'; an expired link is
 * 403, so the console knows to ask for a new one.
 */
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { forbidden, notFound } from '../core/AppError.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import { findRecording, type RecordingRecord, recordingOwner } from '../db/recordings.js';
import type { Database } from '../db/schema.js';
import { byteRange, type RangeAnswer } from '../recordings/byteRange.js';
import type { RecordingStore } from '../recordings/RecordingStore.js';
import { checkRecordingLink, signRecordingLink } from '../recordings/recordingLinks.js';
import { mulawToPcmStream, wavLength, wavRange } from './audio/mulawWav.js';

export const RECORDING_NOT_FOUND = 'Recording not found';
export const RECORDING_LINK_EXPIRED = 'This recording link has expired';

export interface RecordingAudioDeps {
  db: Kysely<Database>;
  secretBox: SecretBox;
  recordings: RecordingStore;
}

async function readyRecording(db: Kysely<Database>, userId: string, streamSid: string): Promise<RecordingRecord> {
  const row = await findRecording(db, userId, streamSid);
  if (row?.status !== 'ready' || !row.storage_key) throw notFound(RECORDING_NOT_FOUND);
  return row;
}

/** A link to the user's recording of `streamSid`, valid for a few minutes. */
export async function recordingLink(
  deps: RecordingAudioDeps,
  userId: string,
  streamSid: string,
  now: number,
): Promise<{ url: string; expiresAt: number }> {
  await readyRecording(deps.db, userId, streamSid);
  const { token, expiresAt } = signRecordingLink(deps.secretBox, streamSid, userId, now);
  return { url: `/api/sessions/recording/${encodeURIComponent(streamSid)}?token=${token}`, expiresAt };
}

export interface RecordingAnswer {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  body: Readable | null;
}

/** The audio a link opens, whole or the range asked for. */
export async function recordingAudio(
  deps: RecordingAudioDeps,
  streamSid: string,
  token: string,
  rangeHeader: string | undefined,
  now: number,
): Promise<RecordingAnswer> {
  const owner = await recordingOwner(deps.db, streamSid);
  const check = owner ? checkRecordingLink(deps.secretBox, token, streamSid, owner, now) : 'invalid';
  if (!owner || check === 'invalid') throw notFound(RECORDING_NOT_FOUND);
  if (check === 'expired') throw forbidden(RECORDING_LINK_EXPIRED);
  const row = await readyRecording(deps.db, owner, streamSid);
  const key = row.storage_key as string;
  const stored = await deps.recordings.size(key);
  if (stored === null) throw notFound(RECORDING_NOT_FOUND);
  const length = wavLength(stored);
  const range: RangeAnswer = byteRange(rangeHeader, length);
  const common = { 'content-type': 'audio/wav', 'accept-ranges': 'bytes', 'cache-control': 'private, no-store' };
  if (range.kind === 'unsatisfiable') {
    return { status: 416, headers: { ...common, 'content-range': `bytes */${length}` }, body: null };
  }
  const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, length - 1];
  const body = wavBody(deps.recordings, key, stored, start, end);
  const headers = { ...common, 'content-length': String(end - start + 1) };
  return range.kind === 'part'
    ? { status: 206, headers: { ...headers, 'content-range': `bytes ${start}-${end}/${length}` }, body }
    : { status: 200, headers, body };
}

function wavBody(store: RecordingStore, key: string, stored: number, start: number, end: number): Readable {
  const { header, stored: part } = wavRange(stored, start, end);
  return Readable.from(
    (async function* () {
      if (header.length > 0) yield header;
      if (!part) return;
      const source = await store.read(key, part.start, part.end);
      yield* source.pipe(mulawToPcmStream(part.skip, part.take));
    })(),
  );
}
