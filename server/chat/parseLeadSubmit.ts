/**
 * The POST …/leads body guard (shared/types/lead.ts LeadSubmitRequest): first its shape, then each
 * answer against the bot's form with the widget's own rules (shared/leadCapture.ts). Every refusal
 * is a 400 naming its field (`fields.email`); a field the form does not have is refused by name.
 */
import { isPlainObject } from '../../shared/isPlainObject.js';
import { type LeadCapture, leadFieldLabel, leadValueProblem } from '../../shared/leadCapture.js';
import { CONVERSATION_ID_PATTERN } from '../../shared/types/chat.js';
import type { LeadFieldValue } from '../../shared/types/lead.js';
import { invalidField } from '../core/AppError.js';

export interface LeadSubmitInput {
  /** null: sent before the first message, a new conversation starts. */
  conversationId: string | null;
  fields: Record<string, unknown>;
}

export function parseLeadSubmit(body: unknown): LeadSubmitInput {
  if (!isPlainObject(body)) throw invalidField('body', 'must be a JSON object with the form’s fields');
  for (const key of Object.keys(body)) {
    if (key !== 'conversationId' && key !== 'fields') throw invalidField(key, 'is not an accepted field');
  }
  const { conversationId, fields } = body;
  if (!isPlainObject(fields)) throw invalidField('fields', 'must be an object of the form’s answers');
  if (conversationId === undefined || conversationId === null) return { conversationId: null, fields };
  if (typeof conversationId !== 'string' || !CONVERSATION_ID_PATTERN.test(conversationId))
    throw invalidField('conversationId', 'must be a conversation id from this chat');
  return { conversationId, fields };
}

/** The answers in the form's order with the labels it shows; a 400 naming the first bad one. */
export function checkLeadFields(form: LeadCapture, given: Record<string, unknown>): LeadFieldValue[] {
  for (const key of Object.keys(given)) {
    if (!form.fields.some((field) => field.key === key))
      throw invalidField(`fields.${key}`, 'is not a field of this form');
  }
  const answers: LeadFieldValue[] = [];
  for (const field of form.fields) {
    const raw = given[field.key];
    if (raw !== undefined && raw !== null && typeof raw !== 'string')
      throw invalidField(`fields.${field.key}`, 'must be a text');
    const value = (raw ?? '').trim().replace(/\s+/g, ' ');
    const problem = leadValueProblem(field, value);
    if (problem) throw invalidField(`fields.${field.key}`, problem);
    if (value) answers.push({ key: field.key, label: leadFieldLabel(field), value });
  }
  if (answers.length === 0) throw invalidField('fields', 'must have at least one answer');
  return answers;
}
