/** The keypad and voicemail settings of an agent row, on the wire (issue 23). */
import { CALL_HANDLING_DEFAULTS, VOICEMAIL_ACTIONS, type VoicemailAction } from '../../shared/callHandling.js';
import type { Agent } from '../../shared/types/agent.js';
import type { AgentRecord } from '../db/agents.js';

export function callHandlingOf(
  row: Pick<AgentRecord, 'press_digits' | 'voicemail_action' | 'voicemail_message'>,
): Pick<Agent, 'press_digits' | 'voicemail_action' | 'voicemail_message'> {
  const action = (VOICEMAIL_ACTIONS as readonly string[]).includes(row.voicemail_action)
    ? (row.voicemail_action as VoicemailAction)
    : CALL_HANDLING_DEFAULTS.voicemail_action;
  return { press_digits: row.press_digits === 1, voicemail_action: action, voicemail_message: row.voicemail_message };
}
