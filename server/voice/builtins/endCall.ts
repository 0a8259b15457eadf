/**
 * `end_call` (issue 23): the model ends a finished call. Its goodbye was in the same response, so
 * the call ends once that audio has played, and the model is not asked to answer again.
 */
import type { BuiltinFunction } from './BuiltinFunction.js';

export const endCall: BuiltinFunction = {
  name: 'end_call',
  offer(settings) {
    if (!settings.endCall.enabled) return null;
    return {
      name: 'end_call',
      description:
        'Ends the call. Use it only when the conversation is over: say goodbye first, in the same turn. The call ends once your last words have played.',
      parameters: { type: 'object', properties: {} },
    };
  },
  run(_args, call) {
    return { output: { ending_call: true }, afterwards: () => call.hangUp() };
  },
};
