/**
 * A browser call (issue 20) once its socket's user is known: the agent must be the user's
 * (4004), the user needs an OpenAI key (4503) and a free browser-call place (4029); then the
 * browser's `start` (within START_TIMEOUT_MS of the socket opening, else 4008), its unsaved
 * settings checked like a PATCH (4022 naming the field), and the call is bridged like a phone
 * call's, its session typed `web` (From = the operator's username, To = the agent's name).
 */
import { randomBytes } from 'node:crypto';
import { AGENT_DEFAULTS, AUDIO_FORMATS, type AudioFormat } from '../../shared/defaults.js';
import { TALK_CLOSE, type TalkAudioFormat } from '../../shared/types/talk.js';
import { AGENT_NOT_FOUND } from '../agents/agentLimits.js';
import { type AgentPreview, previewAgent } from '../agents/previewAgent.js';
import { AppError } from '../core/AppError.js';
import type { SessionUser } from '../core/types.js';
import { findAgentRow } from '../db/agents.js';
import { getAccountSecrets } from '../settings/accountSecrets.js';
import { type SessionAudioType, sessionAudioFormat } from './audio/callAudio.js';
import type { BrowserLeg, TalkStart } from './BrowserLeg.js';
import type { CallRegistry } from './CallRegistry.js';
import type { BridgeDeps } from './callTypes.js';

/** The browser sends `start` as soon as its socket opens; 5 s leaves room for a slow link. */
export const TALK_START_TIMEOUT_MS = 5_000;
export const NO_OPENAI_KEY = 'Add your OpenAI API key in Settings to talk to an agent';

export interface TalkCallDeps extends Pick<BridgeDeps, 'db' | 'secretBox' | 'log'> {
  calls: CallRegistry;
  /** TALK_CALLS_PER_USER. */
  callsPerUser: number;
}

const TALK_FORMATS: Record<SessionAudioType, { format: TalkAudioFormat; sampleRate: number }> = {
  'audio/pcmu': { format: 'g711_ulaw', sampleRate: 8000 },
  'audio/pcma': { format: 'g711_alaw', sampleRate: 8000 },
  'audio/pcm': { format: 'pcm16', sampleRate: 24000 },
};

/** A session id no Twilio SID can equal ("TK", as Twilio's are two letters and 32 hex digits). */
function talkSessionId(): string {
  return `TK${randomBytes(16).toString('hex')}`;
}

function agentFormat(value: string): AudioFormat {
  return (AUDIO_FORMATS as readonly string[]).includes(value)
    ? (value as AudioFormat)
    : AGENT_DEFAULTS.input_audio_format;
}

/**
 * Runs the call on `leg` for `user` (the effective user; `operator` is who is signed in).
 * `openedAt` is when the socket opened (performance.now()), which the start deadline counts from.
 * Never throws: every refusal is a close code and reason.
 */
export async function runTalkCall(
  deps: TalkCallDeps,
  leg: BrowserLeg,
  call: { user: SessionUser; operator: SessionUser; agentId: string; openedAt: number },
): Promise<void> {
  const { db, secretBox, calls, log } = deps;
  const { user, agentId } = call;
  const agent = await findAgentRow(db, user.id, agentId);
  if (!agent) return leg.close(TALK_CLOSE.agentNotFound, AGENT_NOT_FOUND);
  const secrets = await getAccountSecrets(db, secretBox, user.id);
  if (!secrets.openaiApiKey) return leg.close(TALK_CLOSE.unavailable, NO_OPENAI_KEY);
  const place = calls.admitBrowserCall(user.id, deps.callsPerUser);
  if (!place) {
    const limit = deps.callsPerUser === 1 ? 'a live browser call' : `${deps.callsPerUser} live browser calls`;
    return leg.close(TALK_CLOSE.tooManyCalls, `You already have ${limit}: hang up first`);
  }
  // The place is free as soon as the browser has gone, not only once the session's end is stored.
  void leg.closed.then(() => place.release());
  let bridged = false;
  try {
    const start = await leg.waitForStart(TALK_START_TIMEOUT_MS - (performance.now() - call.openedAt));
    if (!start) return leg.close(TALK_CLOSE.badFrames, 'Expected start within 5 seconds');
    const preview = await checkedPreview(deps, leg, user.id, agentId, start);
    if (preview === undefined || !leg.isOpen) return;
    const format = start.highQuality
      ? 'audio/pcm'
      : sessionAudioFormat(agentFormat(preview?.changes.input_audio_format ?? agent.input_audio_format)).type;
    leg.agreeFormat(format);
    const context = {
      streamSid: talkSessionId(),
      callSid: '',
      userId: user.id,
      agentId,
      callType: 'web' as const,
      from: call.operator.username,
      to: agent.name,
    };
    bridged = true;
    const bridge = await calls.bridgeBrowserCall(leg, context, preview, place.release);
    if (!bridge.live) return;
    leg.send({
      type: 'ready',
      sessionId: context.streamSid,
      ...TALK_FORMATS[format],
      frameMs: 20,
      unsaved: preview !== null,
    });
  } catch (error) {
    log.error({ err: error }, 'could not set up a browser call');
    leg.close(1011, 'Internal error');
  } finally {
    if (!bridged) place.release();
  }
}

/**
 * The start's unsaved settings checked like a PATCH: null when it carries none, undefined when
 * they are refused (the socket is then closed with the reason).
 */
async function checkedPreview(
  deps: TalkCallDeps,
  leg: BrowserLeg,
  userId: string,
  agentId: string,
  start: TalkStart,
): Promise<AgentPreview | null | undefined> {
  if (!start.settings || Object.keys(start.settings).length === 0) return null;
  try {
    return await previewAgent(deps.db, userId, agentId, start.settings);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'not_found') leg.close(TALK_CLOSE.agentNotFound, error.message);
    else leg.close(TALK_CLOSE.invalidSettings, error.message);
    return undefined;
  }
}
