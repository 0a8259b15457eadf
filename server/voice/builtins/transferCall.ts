/**
 * `transfer_call` (issue 23): the model hands the caller to one of the agent's destinations. The
 * output goes back first, then the agent says the transfer line, and once it has played the call
 * moves (VOICE.md §14.2 recipe). An unknown destination goes back as an error the model can fix.
 */
import { isPlainObject } from '../../../shared/isPlainObject.js';
import type { BuiltinFunction } from './BuiltinFunction.js';

/** The reason is for the session page and the log, not an essay. */
const MAX_REASON = 500;

export const transferCall: BuiltinFunction = {
  name: 'transfer_call',
  offer(settings) {
    const { enabled, destinations } = settings.transferCall;
    if (!enabled || destinations.length === 0) return null;
    const choices = destinations.map((d) => `- ${d.name}${d.whenToUse ? `: ${d.whenToUse}` : ''}`).join('\n');
    return {
      name: 'transfer_call',
      description:
        'Transfers the caller to a person at one of the destinations below. Use it when the caller asks for a person or needs what only that destination can do. You do not need to announce it: a transfer line is said for you.',
      parameters: {
        type: 'object',
        properties: {
          destination: {
            type: 'string',
            enum: destinations.map((d) => d.name),
            description: `Where to transfer the caller. Choose by when to use each:\n${choices}`,
          },
          reason: { type: 'string', description: 'Why the caller is transferred, in a few words.' },
        },
        required: ['destination', 'reason'],
      },
    };
  },
  run(args, call) {
    const { destinations, transferLine } = call.settings.transferCall;
    const body = isPlainObject(args) ? args : {};
    const asked = typeof body.destination === 'string' ? body.destination.trim().toLowerCase() : '';
    const destination = destinations.find((d) => d.name.toLowerCase() === asked);
    if (!destination) {
      const names = destinations.map((d) => d.name).join(', ');
      return { output: { error: `Unknown destination: choose one of ${names}` }, afterwards: null };
    }
    const reason = typeof body.reason === 'string' ? body.reason.trim().slice(0, MAX_REASON) : '';
    return {
      output:
        call.callType === 'web'
          ? {
              transferring_to: destination.name,
              note: 'This is a browser test call: it cannot dial, so the call stays here after the transfer line.',
            }
          : { transferring_to: destination.name },
      afterwards: async () => {
        if (transferLine) await call.say(transferLine);
        await call.transfer({
          destination: destination.name,
          phoneNumber: destination.phoneNumber,
          reason,
          by: 'agent',
        });
      },
    };
  },
};
