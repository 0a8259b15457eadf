/**
 * The POST /webchats and PUT /webchats/:id body guard (spec part 2 §3, §5, §7). The body arrives
 * as `unknown`; each field is checked by a rule of its own and every failure names its field. A
 * table rather than a TypeBox schema, as for agents, so messages say "between 0 and 2" and names
 * are checked after trimming. The knowledge base has a guard of its own (knowledge/parseKnowledge.ts).
 */

import { MAX_ALLOWED_SITES, normalizeSite } from '../../shared/allowedSites.js';
import { WEBCHAT_DEFAULTS, WEBCHAT_LIMITS } from '../../shared/defaults.js';
import { isPlainObject } from '../../shared/isPlainObject.js';
import { invalidField } from '../core/AppError.js';
import {
  applyFieldRules,
  type Checked,
  decimal,
  flag,
  integer,
  keepHistoryDays,
  nameText,
  ruleFor,
  sameId,
  text,
} from '../core/fieldRules.js';
import type { KnowledgeInput } from '../db/knowledge.js';
import type { WebchatColumns } from '../db/webchats.js';
import { parseKnowledge } from '../knowledge/parseKnowledge.js';
import { parseAppearance } from './parseAppearance.js';
import { parseLeadCapture } from './parseLeadCapture.js';

const rule = ruleFor<WebchatColumns>();

const LIMITS = WEBCHAT_LIMITS;

/** Any name a compatible provider serves ('gpt-4o-mini', 'meta-llama/Llama-3.1-8B'): printable ASCII, no spaces. */
function modelName(value: unknown): Checked<string> {
  if (typeof value !== 'string') return { ok: false, error: 'must be a string' };
  const name = value.trim();
  if (name === '') return { ok: false, error: 'is required' };
  if (name.length > LIMITS.text.model)
    return { ok: false, error: `must be at most ${LIMITS.text.model} characters long` };
  if (!/^[\x21-\x7e]+$/.test(name))
    return { ok: false, error: 'must be a model name without spaces or special characters' };
  return { ok: true, value: name };
}

const depthInRange = integer(LIMITS.toolRecursionDepth.min, LIMITS.toolRecursionDepth.max);

/** Spec part 2 §5: integers only, empty allowed; empty means the default (part 2 §9). */
function toolRecursionDepth(value: unknown): Checked<number> {
  if (value === null || value === '') return { ok: true, value: WEBCHAT_DEFAULTS.toolRecursionDepth };
  const checked = depthInRange(value);
  return checked.ok
    ? checked
    : { ok: false, error: `${checked.error}, or empty for the default ${WEBCHAT_DEFAULTS.toolRecursionDepth}` };
}

/** A list of sites, each made canonical; the first bad entry is named by its position. */
function allowedSitesJson(value: unknown): Checked<string> {
  if (!Array.isArray(value)) return { ok: false, error: 'must be a list of sites' };
  if (value.length > MAX_ALLOWED_SITES) return { ok: false, error: `must have at most ${MAX_ALLOWED_SITES} sites` };
  const sites: string[] = [];
  for (const [i, entry] of value.entries()) {
    const checked = typeof entry === 'string' ? normalizeSite(entry) : { ok: false as const, error: 'must be a text' };
    if (!checked.ok) return { ok: false, error: `entry ${i + 1} ${checked.error}` };
    if (!sites.includes(checked.site)) sites.push(checked.site);
  }
  return { ok: true, value: JSON.stringify(sites) };
}

/** Up to four questions, trimmed, empty ones left out; a bad one is named by its position. */
function starterQuestionsJson(value: unknown): Checked<string> {
  const { max, maxChars } = LIMITS.starterQuestions;
  if (!Array.isArray(value)) return { ok: false, error: 'must be a list of questions' };
  const questions: string[] = [];
  for (const [i, entry] of value.entries()) {
    if (typeof entry !== 'string') return { ok: false, error: `entry ${i + 1} must be a text` };
    const question = entry.trim().replace(/\s+/g, ' ');
    if (question.length > maxChars)
      return { ok: false, error: `entry ${i + 1} must be at most ${maxChars} characters long` };
    if (question) questions.push(question);
  }
  if (questions.length > max) return { ok: false, error: `must have at most ${max} questions` };
  return { ok: true, value: JSON.stringify(questions) };
}

function appearanceJson(value: unknown): Checked<string> {
  return { ok: true, value: JSON.stringify(parseAppearance(value)) };
}

/** Wire field (snake_case, spec part 2 §3) → column and check. */
const RULES = {
  name: rule('name', nameText(LIMITS.text.name)),
  description: rule('description', text(LIMITS.text.description, { trim: true })),
  system_prompt: rule('system_prompt', text(LIMITS.text.systemPrompt, { nullable: true })),
  welcome_message: rule('welcome_message', text(LIMITS.text.welcomeMessage, { nullable: true })),
  model: rule('model', modelName),
  temperature: rule('temperature', decimal(LIMITS.temperature.min, LIMITS.temperature.max)),
  enabled: rule('enabled', flag),
  tool_recursion_depth: rule('tool_recursion_depth', toolRecursionDepth),
  short_term_messages_retention_period: rule('short_term_messages_retention_period', integer(0)),
  keep_history_days: rule('keep_history_days', keepHistoryDays),
  appearance: rule('appearance', appearanceJson),
  allowed_sites: rule('allowed_sites', allowedSitesJson),
  starter_questions: rule('starter_questions', starterQuestionsJson),
  talk_to_person: rule('talk_to_person', flag),
};

/** Name and description are required (spec part 2 §5): present on create, never blank. */
const REQUIRED = ['name', 'description'] as const;

export interface ParsedWebchatBody {
  changes: Partial<WebchatColumns>;
  /** The new tool list in order (ids, not yet checked for ownership); undefined leaves it. */
  toolIds?: string[];
  /** The new knowledge base, replacing the old whole; undefined leaves it. */
  knowledge?: KnowledgeInput;
}

function parseToolIds(value: unknown): string[] {
  if (!Array.isArray(value)) throw invalidField('tools', 'must be a list of tool ids');
  if (value.length > LIMITS.maxTools) throw invalidField('tools', `must hold at most ${LIMITS.maxTools} tools`);
  for (const id of value) {
    if (typeof id !== 'string' || id === '' || id.length > 100)
      throw invalidField('tools', 'must be a list of tool ids');
  }
  return [...new Set(value as string[])];
}

/**
 * Validates a create body (`webchatId` undefined: name and description must be present) or an
 * update body for the bot `webchatId` (fields left out keep their values). Throws a 400 naming
 * the first bad field.
 */
export function parseWebchatBody(input: unknown, webchatId?: string): ParsedWebchatBody {
  const body = input ?? {};
  if (!isPlainObject(body)) throw invalidField('body', 'must be an object');
  const changes: Partial<WebchatColumns> = {};
  const { tools, knowledge, lead_capture } = applyFieldRules(RULES, body, changes, {
    tools: parseToolIds,
    knowledge: parseKnowledge,
    lead_capture: parseLeadCapture,
    // On create there is no id to match: an id field is then not an accepted field.
    ...(webchatId !== undefined && { id: sameId(webchatId, 'bot') }),
  });
  for (const field of REQUIRED) {
    const given = changes[field];
    if (given === '' || (given === undefined && webchatId === undefined)) throw invalidField(field, 'is required');
  }
  if (lead_capture !== undefined) changes.lead_capture = lead_capture;
  return { changes, toolIds: tools, knowledge };
}
