import { isPlainObject } from '../../../../shared/isPlainObject.js';
import type { TalkAudioFormat, TalkServerMessage } from '../../../../shared/types/talk.js';

const FORMATS: readonly TalkAudioFormat[] = ['g711_ulaw', 'g711_alaw', 'pcm16'];

const isFormat = (value: unknown): value is TalkAudioFormat => FORMATS.includes(value as TalkAudioFormat);

/** A text frame of the Talk socket, narrowed (STYLE.md rule 13); null for anything else. */
export function parseTalkMessage(text: string): TalkServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(value)) return null;
  switch (value.type) {
    case 'ready':
      if (typeof value.sessionId !== 'string' || value.sessionId === '' || !isFormat(value.format)) return null;
      if (typeof value.sampleRate !== 'number' || !(value.sampleRate > 0)) return null;
      return {
        type: 'ready',
        sessionId: value.sessionId,
        format: value.format,
        sampleRate: value.sampleRate,
        frameMs: 20,
        unsaved: value.unsaved === true,
      };
    case 'mark':
      return typeof value.name === 'string' ? { type: 'mark', name: value.name } : null;
    case 'clear':
      return { type: 'clear' };
    case 'ended':
      return { type: 'ended', reason: typeof value.reason === 'string' ? value.reason : '' };
    default:
      return null;
  }
}
