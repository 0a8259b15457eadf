/**
 * Twilio Media Streams messages (VOICE.md §1.2–1.3), narrowed from `unknown`. Twilio sends
 * numbers such as `media.timestamp` as strings; they are read as numbers here.
 */
import { asObject as object, parseObject, str } from '../core/json.js';

export interface StreamStart {
  streamSid: string;
  callSid: string;
  accountSid: string;
  customParameters: Record<string, string>;
}

export type TwilioInbound =
  | { event: 'connected' }
  | { event: 'start'; start: StreamStart }
  | { event: 'media'; payload: string; timestamp: number }
  | { event: 'mark'; name: string }
  | { event: 'dtmf'; digit: string }
  | { event: 'stop' };

function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(object(value) ?? {})) if (typeof v === 'string') out[key] = v;
  return out;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** One Twilio frame, or null when it is malformed or of no known event. */
export function parseTwilioMessage(raw: string): TwilioInbound | null {
  const message = parseObject(raw);
  switch (message?.event) {
    case 'connected':
      return { event: 'connected' };
    case 'start': {
      const start = object(message.start);
      const streamSid = str(start?.streamSid) || str(message.streamSid);
      if (!start || !streamSid || !str(start.callSid)) return null;
      return {
        event: 'start',
        start: {
          streamSid,
          callSid: str(start.callSid),
          accountSid: str(start.accountSid),
          customParameters: stringRecord(start.customParameters),
        },
      };
    }
    case 'media': {
      const media = object(message.media);
      const payload = str(media?.payload);
      if (!media || !BASE64.test(payload) || (media.track !== undefined && media.track !== 'inbound')) return null;
      const timestamp = Number(media.timestamp);
      return { event: 'media', payload, timestamp: Number.isFinite(timestamp) ? timestamp : 0 };
    }
    case 'mark': {
      const name = str(object(message.mark)?.name);
      return name ? { event: 'mark', name } : null;
    }
    case 'dtmf':
      return { event: 'dtmf', digit: str(object(message.dtmf)?.digit) };
    case 'stop':
      return { event: 'stop' };
    default:
      return null;
  }
}
