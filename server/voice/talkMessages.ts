/**
 * The Talk socket's text frames (shared/types/talk.ts) from `unknown`: each parse answers the
 * message or a reason for people naming what was wrong, which the socket closes with (4008).
 */
import type { TalkClientMessage } from '../../shared/types/talk.js';
import { parseObject } from '../core/json.js';
import type { EndReason } from './callTypes.js';

/** Mark names are the server's own (Playback.ts): well under this. */
const MAX_MARK_NAME = 200;

export type ParsedTalkMessage = { message: TalkClientMessage } | { problem: string };

export function parseTalkMessage(raw: string): ParsedTalkMessage {
  const object = parseObject(raw);
  if (!object) return { problem: 'Malformed message: not a JSON object' };
  switch (object.type) {
    case 'start': {
      const { settings, highQuality } = object;
      if (settings !== undefined && (settings === null || typeof settings !== 'object' || Array.isArray(settings)))
        return { problem: 'Malformed start: settings must be an object' };
      if (highQuality !== undefined && typeof highQuality !== 'boolean')
        return { problem: 'Malformed start: highQuality must be true or false' };
      return {
        message: {
          type: 'start',
          ...(settings === undefined ? {} : { settings: settings as Record<string, unknown> }),
          ...(highQuality === undefined ? {} : { highQuality }),
        },
      };
    }
    case 'mark':
      if (typeof object.name !== 'string' || object.name === '' || object.name.length > MAX_MARK_NAME)
        return { problem: 'Malformed mark: name must be a mark the server sent' };
      return { message: { type: 'mark', name: object.name } };
    case 'hangup':
      return { message: { type: 'hangup' } };
    default:
      return { problem: `Unknown message type: ${String(object.type).slice(0, 40)}` };
  }
}

/** Why the call ended, as the browser's `ended` says it. */
export const ENDED_REASONS: Record<EndReason, string> = {
  caller_hung_up: 'You hung up',
  twilio_closed: 'The call ended',
  browser_closed: 'The browser left the call',
  ended_by_user: 'The session was ended from the console',
  realtime_closed: 'OpenAI closed the session',
  realtime_expired: "The session reached OpenAI's time limit",
  realtime_failed: 'OpenAI ended the session',
  not_configured: 'OpenAI refused the session: check the OpenAI API key in Settings',
  server_shutdown: 'The server is restarting',
  ended_by_agent: 'The agent ended the call',
  transferred: 'The call was transferred',
  voicemail_left: 'A voicemail message was left',
  voicemail_hung_up: 'An answering machine answered, so the call hung up',
};
