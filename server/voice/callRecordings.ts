/**
 * Starting and finishing a call's recording (issue 21): every call made since recordings exist
 * gets a row — 'off' when its agent does not record, so the console can say so — and a recorded
 * call is appended to a local file as it goes, then handed to the store when it ends (kept in
 * place, or uploaded to the bucket). A failure never ends or slows the call: the row says why.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { insertRecording, updateRecording } from '../db/recordings.js';
import type { Database } from '../db/schema.js';
import { FileSink } from '../recordings/FileSink.js';
import { type RecordingStore, recordingKey, recordingMs } from '../recordings/RecordingStore.js';
import type { SessionAudioType } from './audio/callAudio.js';
import { CallRecording } from './CallRecording.js';

export interface RecordingDeps {
  db: Kysely<Database>;
  recordings: RecordingStore;
  log: FastifyBaseLogger;
  clock: () => number;
  instanceId: string;
}

interface CallIds {
  streamSid: string;
  userId: string;
}

/** What people read when the audio could not be kept. */
export const RECORDING_WRITE_FAILED = 'The recording could not be written to storage';

/** Opens the call's recording, or notes that it is off; null when nothing is recorded. */
export async function startCallRecording(
  deps: RecordingDeps,
  call: CallIds,
  recordCalls: boolean,
  legAudioType: SessionAudioType,
): Promise<CallRecording | null> {
  const { db, recordings, log, clock, instanceId } = deps;
  const row = {
    stream_sid: call.streamSid,
    user_id: call.userId,
    duration_ms: 0,
    bytes: 0,
    error: null,
    instance_id: instanceId,
    started_at: clock(),
    finished_at: null,
  };
  if (!recordCalls) {
    await insertRecording(db, { ...row, status: 'off', storage_key: null, store: null });
    return null;
  }
  const key = recordingKey(call.userId, call.streamSid);
  await insertRecording(db, { ...row, status: 'recording', storage_key: key, store: recordings.kind });
  try {
    await recordings.prepare(key);
  } catch (error) {
    log.error({ err: error, streamSid: call.streamSid }, 'could not prepare a call recording');
    await updateRecording(db, call.streamSid, {
      status: 'failed',
      error: RECORDING_WRITE_FAILED,
      finished_at: clock(),
    });
    return null;
  }
  const sink = new FileSink(recordings.localPath(key), (error) =>
    log.error({ err: error, streamSid: call.streamSid }, 'could not write a call recording'),
  );
  return new CallRecording(sink, legAudioType);
}

/** The call ended: the rest is written and the recording made available (or the row says why not). */
export async function finishCallRecording(deps: RecordingDeps, call: CallIds, recording: CallRecording): Promise<void> {
  const { db, recordings, log, clock } = deps;
  const key = recordingKey(call.userId, call.streamSid);
  try {
    if (!(await recording.close())) throw new Error('a write failed');
    await recordings.finish(key);
    const bytes = (await recordings.size(key)) ?? 0;
    await updateRecording(db, call.streamSid, {
      status: 'ready',
      bytes,
      duration_ms: recordingMs(bytes),
      finished_at: clock(),
    });
  } catch (error) {
    log.error({ err: error, streamSid: call.streamSid }, 'could not finish a call recording');
    await updateRecording(db, call.streamSid, {
      status: 'failed',
      error: RECORDING_WRITE_FAILED,
      duration_ms: Math.round(recording.durationMs),
      finished_at: clock(),
    });
  }
}
