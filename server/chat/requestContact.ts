/**
 * `request_contact` (issue 25): a function the chat model is offered while the bot's lead capture
 * is on with "when the model asks" and the visitor has not sent the form yet. Calling it runs
 * nothing on the server: the answer's `done` event tells the widget to show the form, and the
 * model reads that the form is shown so it can say so in its own words. The visitor's answers
 * never go to the model: once sent, the next turns only read that contact details were received.
 */
import { REQUEST_CONTACT } from '../../shared/leadCapture.js';
import type { ChatTool } from '../llm/chatTypes.js';

/** A function the toolbox answers itself, with a fixed output. */
export interface BuiltinFunction {
  tool: ChatTool;
  output: string;
}

export const REQUEST_CONTACT_FUNCTION: BuiltinFunction = {
  tool: {
    type: 'function',
    function: {
      name: REQUEST_CONTACT,
      description:
        'Shows the visitor a short form for their contact details (the fields the website owner chose). Call it when the visitor wants to be contacted, asks for a quote, a demo or a call back, or when following up needs their details. Do not ask for the details in the chat yourself.',
      parameters: { type: 'object', properties: {} },
    },
  },
  output:
    'The contact form is now shown to the visitor below your answer. Tell them in one short sentence that they can fill it in there; do not ask for the details in the chat.',
};

/** The system message's line once the visitor has sent the form. */
export const CONTACT_RECEIVED_NOTE =
  'The visitor has already sent their contact details through the contact form (they are kept for the website owner, not shown here). Do not ask for them again.';
