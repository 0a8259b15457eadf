/**
 * `press_digits` (issue 23): the model presses keys on the call, to find its way through a phone
 * menu. Keys Twilio cannot play go back to the model as an error it can correct; good ones are
 * pressed once the model's words have played, and the model then listens for what the menu says
 * (no response is asked for: the menu's next prompt starts one).
 */
import { digitsProblem } from '../../../shared/callHandling.js';
import { isPlainObject } from '../../../shared/isPlainObject.js';
import type { BuiltinFunction } from './BuiltinFunction.js';

export const pressDigits: BuiltinFunction = {
  name: 'press_digits',
  offer(settings) {
    if (!settings.pressDigits.enabled) return null;
    return {
      name: 'press_digits',
      description:
        'Presses keys on the phone keypad, as a person does in a phone menu ("press 1 for sales"). The keys are pressed after your current words have played; then listen for what the menu says next.',
      parameters: {
        type: 'object',
        properties: {
          digits: {
            type: 'string',
            description:
              'The keys to press, in order: 0-9, * and #, A-D; w waits half a second and W one second. At most 32, e.g. "1" or "1234#".',
          },
        },
        required: ['digits'],
      },
    };
  },
  run(args, call) {
    const body = isPlainObject(args) ? args : {};
    if (typeof body.digits !== 'string')
      return { output: { error: 'digits must be a string of keys, e.g. "1" or "1234#"' }, afterwards: null };
    // Models write "1 2 #" as often as "12#"; spaces are no keys.
    const digits = body.digits.replace(/\s+/g, '');
    const problem = digitsProblem(digits);
    if (problem) return { output: { error: `digits ${problem}` }, afterwards: null };
    return {
      output:
        call.callType === 'web'
          ? { pressed: digits, note: 'This is a browser test call: it has no keypad, so no tones were sent.' }
          : { pressed: digits },
      afterwards: () => call.pressDigits(digits),
    };
  },
};
