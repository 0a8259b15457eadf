/**
 * What a call's Realtime session opens with, read at once: the agent's tools and the owner's
 * custom values built into the session configuration (in the caller leg's own audio format when
 * the leg asks for one: a browser call), the owner's OpenAI key (null: the call can't go on), and
 * the call's recording when the agent records.
 */
import type { AgentRecord } from '../db/agents.js';
import { customValuesMap } from '../db/customValues.js';
import { findOfferedTools } from '../db/offeredTools.js';
import { getAccountSecrets } from '../settings/accountSecrets.js';
import { formatOfType } from './audio/callAudio.js';
import type { CallerLeg } from './CallerLeg.js';
import type { CallRecording } from './CallRecording.js';
import { startCallRecording } from './callRecordings.js';
import type { BridgeDeps, CallContext } from './callTypes.js';
import { buildSessionSetup, type SessionSetup } from './sessionConfig.js';

export interface CallSetup {
  setup: SessionSetup;
  apiKey: string | null;
  recording: CallRecording | null;
}

export async function loadCallSetup(
  deps: BridgeDeps,
  context: CallContext,
  agent: { row: AgentRecord; toolIds: string[] },
  leg: Pick<CallerLeg, 'audioType' | 'sessionAudioType'>,
): Promise<CallSetup> {
  const { db, secretBox, config } = deps;
  const { userId, streamSid } = context;
  const [tools, values, secrets, recording] = await Promise.all([
    findOfferedTools(db, userId, agent.toolIds),
    customValuesMap(db, userId),
    getAccountSecrets(db, secretBox, userId),
    startCallRecording(deps, { streamSid, userId }, agent.row.record_calls === 1, leg.audioType),
  ]);
  const setup = buildSessionSetup(agent.row, tools, values, config.realtimeModels);
  const passThrough = leg.sessionAudioType;
  if (passThrough) {
    setup.config.audio.input.format = formatOfType(passThrough);
    setup.config.audio.output.format = formatOfType(passThrough);
  }
  return { setup, apiKey: secrets.openaiApiKey ?? null, recording };
}
