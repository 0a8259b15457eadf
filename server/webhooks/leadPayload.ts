/** What a `lead.captured` event carries (issue 25): the bot, the conversation, the answers and when. */
import type { LeadFieldValue, WebchatLead } from '../../shared/types/lead.js';

export interface LeadData {
  lead: {
    id: string;
    bot: { id: string; name: string };
    conversationId: string;
    fields: LeadFieldValue[];
    capturedAt: string;
  };
}

export function leadData(bot: { id: string; name: string }, lead: WebchatLead): LeadData {
  return {
    lead: {
      id: lead.id,
      bot: { id: bot.id, name: bot.name },
      conversationId: lead.conversation_id,
      fields: lead.fields,
      capturedAt: new Date(lead.created_at).toISOString(),
    },
  };
}
