/**
 * The agent settings of keypad and voicemail (issue 23), as rows of the agent PATCH table
 * (parseAgentPatch.ts), plus the one rule that spans two fields: a message to leave must be
 * written when the patch asks for leaving one.
 */
import { CALL_HANDLING_LIMITS, VOICEMAIL_ACTIONS } from '../../shared/callHandling.js';
import { invalidField } from '../core/AppError.js';
import { flag, oneOf, ruleFor, text } from '../core/fieldRules.js';
import type { AgentColumns } from '../db/agents.js';

const rule = ruleFor<AgentColumns>();

export const CALL_HANDLING_RULES = {
  press_digits: rule('press_digits', flag),
  voicemail_action: rule('voicemail_action', oneOf(VOICEMAIL_ACTIONS)),
  voicemail_message: rule('voicemail_message', text(CALL_HANDLING_LIMITS.voicemailMessageMaxLength, { trim: true })),
};

export const VOICEMAIL_MESSAGE_REQUIRED = 'is required when voicemail_action is leave_message';

/**
 * Leaving a message needs one to leave: a patch that would leave the agent asking for it with a
 * blank message is refused, naming the message (`current` is the stored row, when there is one).
 */
export function checkCallHandling(
  changes: Partial<AgentColumns>,
  current?: Pick<AgentColumns, 'voicemail_action' | 'voicemail_message'>,
): void {
  const action = changes.voicemail_action ?? current?.voicemail_action;
  const message = changes.voicemail_message ?? current?.voicemail_message;
  if (action === 'leave_message' && message !== undefined && message.trim() === '')
    throw invalidField('voicemail_message', VOICEMAIL_MESSAGE_REQUIRED);
}
