/**
 * Leads (issue 25): what a visitor sent through a bot's contact form, kept with the conversation.
 * The public route takes them from the widget; the console lists and exports a bot's leads.
 */
import type { LeadFieldKey, LeadValues } from '../leadCapture.js';

/** POST /api/widget/webchats/{id}/leads body. */
export interface LeadSubmitRequest {
  /** The conversation the form was sent in; left out before the first message (a new one starts). */
  conversationId?: string;
  /** One text per field of the bot's form; unknown fields are refused. */
  fields: LeadValues;
}

/** …/leads answer (201). */
export interface LeadSubmitResponse {
  conversationId: string;
  leadId: string;
}

/** One answer of a lead, with the label the form showed when it was sent. */
export interface LeadFieldValue {
  key: LeadFieldKey;
  label: string;
  value: string;
}

export interface WebchatLead {
  id: string;
  conversation_id: string;
  fields: LeadFieldValue[];
  /** Millisecond timestamp. */
  created_at: number;
}

/** GET /api/webchats/{id}/leads?page= answer: newest first. */
export interface WebchatLeadsPage {
  leads: WebchatLead[];
  total: number;
  page: number;
  pageSize: number;
}
