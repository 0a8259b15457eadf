/**
 * The bot page's unsaved edits (spec part 2 §2 Bot page) and their translation to the wire.
 * Number fields keep the text as typed (tool recursion depth may be empty, spec part 2 §5).
 */
import { MAX_ALLOWED_SITES, normalizeSite } from '../../../shared/allowedSites.js';
import { DEFAULT_APPEARANCE, HEX_COLOR_PATTERN, WEBCHAT_DEFAULTS, WEBCHAT_LIMITS } from '../../../shared/defaults.js';
import { LEAD_CAPTURE_OFF } from '../../../shared/leadCapture.js';
import type { WebchatKnowledge } from '../../../shared/types/knowledge.js';
import type { Appearance, Webchat, WebchatInput } from '../../../shared/types/webchat.js';
import { EMPTY_KNOWLEDGE, sameKnowledge } from './knowledge.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';

/** The bot's fields as the form holds them; numbers typed as digits stay text. */
export interface WebchatFormValues
  extends Pick<
    Webchat,
    | 'name'
    | 'description'
    | 'system_prompt'
    | 'welcome_message'
    | 'model'
    | 'temperature'
    | 'enabled'
    | 'talk_to_person'
    | 'keep_history_days'
    | 'tools'
    | 'appearance'
    | 'lead_capture'
  > {
  /** Digits only; '' means the default (10). */
  tool_recursion_depth: string;
  /** Digits only (seconds). */
  short_term_messages_retention_period: string;
  /** Allowed sites as typed, one per line (issue 25). */
  allowed_sites: string;
  /** Starter questions as typed, one per line (issue 25). */
  starter_questions: string;
  /** The Knowledge Base tab's pages, selection and summary (issue 9). */
  knowledge: WebchatKnowledge;
}

export type FormErrors = Partial<
  Record<
    | 'name'
    | 'description'
    | 'short_term_messages_retention_period'
    | 'tool_recursion_depth'
    | 'allowed_sites'
    | 'starter_questions'
    | 'lead_capture',
    string
  >
> & {
  colors?: string[];
};

/** A new bot on the bot page: every default of spec part 2 §9, name and description to fill in. */
export function newBotValues(): WebchatFormValues {
  return {
    name: '',
    description: '',
    system_prompt: WEBCHAT_DEFAULTS.systemPrompt,
    welcome_message: WEBCHAT_DEFAULTS.welcomeMessage,
    model: WEBCHAT_DEFAULTS.model,
    temperature: WEBCHAT_DEFAULTS.temperature,
    enabled: WEBCHAT_DEFAULTS.enabled,
    talk_to_person: false,
    tool_recursion_depth: String(WEBCHAT_DEFAULTS.toolRecursionDepth),
    short_term_messages_retention_period: String(WEBCHAT_DEFAULTS.shortTermMessagesRetentionPeriod),
    keep_history_days: WEBCHAT_DEFAULTS.keepHistoryDays,
    allowed_sites: '',
    starter_questions: '',
    lead_capture: LEAD_CAPTURE_OFF,
    tools: [],
    appearance: { ...DEFAULT_APPEARANCE },
    knowledge: EMPTY_KNOWLEDGE,
  };
}

export function toFormValues(bot: Webchat): WebchatFormValues {
  return {
    name: bot.name,
    description: bot.description,
    system_prompt: bot.system_prompt ?? '',
    welcome_message: bot.welcome_message ?? '',
    model: bot.model,
    temperature: bot.temperature,
    enabled: bot.enabled !== false,
    talk_to_person: bot.talk_to_person === true,
    tool_recursion_depth: bot.tool_recursion_depth == null ? '' : String(bot.tool_recursion_depth),
    short_term_messages_retention_period: String(bot.short_term_messages_retention_period),
    keep_history_days: bot.keep_history_days ?? WEBCHAT_DEFAULTS.keepHistoryDays,
    allowed_sites: (bot.allowed_sites ?? []).join('\n'),
    starter_questions: (bot.starter_questions ?? []).join('\n'),
    lead_capture: bot.lead_capture ?? LEAD_CAPTURE_OFF,
    tools: bot.tools ?? [],
    appearance: { ...DEFAULT_APPEARANCE, ...bot.appearance },
    knowledge: bot.knowledge ?? EMPTY_KNOWLEDGE,
  };
}

/**
 * The PUT/POST body: every field (spec part 2 §7 "the same fields plus appearance and tools"),
 * and the knowledge only when it differs from `saved`: it can be megabytes, and left out the
 * server keeps what it has.
 */
export function toInput(values: WebchatFormValues, saved: WebchatFormValues): WebchatInput {
  const input: WebchatInput = {
    name: values.name.trim(),
    description: values.description.trim(),
    system_prompt: values.system_prompt,
    welcome_message: values.welcome_message,
    model: values.model,
    temperature: values.temperature,
    enabled: values.enabled,
    talk_to_person: values.talk_to_person,
    tool_recursion_depth: values.tool_recursion_depth === '' ? null : Number(values.tool_recursion_depth),
    short_term_messages_retention_period: Number(values.short_term_messages_retention_period),
    keep_history_days: values.keep_history_days,
    allowed_sites: filledLines(values.allowed_sites),
    starter_questions: filledLines(values.starter_questions),
    lead_capture: values.lead_capture,
    tools: values.tools,
    appearance: values.appearance,
  };
  if (!sameKnowledge(values.knowledge, saved.knowledge)) input.knowledge = values.knowledge;
  return input;
}

/** The spec's default bot, made by Create Bot on the list (spec part 2 §7). */
export function defaultBotInput(now: Date = new Date()): WebchatInput {
  return {
    name: `Web Chat Bot ${now.toLocaleString()}`,
    description: WEBCHAT_TEXTS.defaultDescription,
    temperature: WEBCHAT_DEFAULTS.temperature,
    model: WEBCHAT_DEFAULTS.model,
  };
}

/** The lines of a one-per-line field (allowed sites, starter questions) that hold something. */
export function filledLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The first line that is not a site, as the field's error; undefined when all are. */
function allowedSitesError(text: string): string | undefined {
  const lines = filledLines(text);
  if (lines.length > MAX_ALLOWED_SITES) return `Enter at most ${MAX_ALLOWED_SITES} sites`;
  for (const [i, line] of lines.entries()) {
    const checked = normalizeSite(line);
    if (!checked.ok) return `Line ${i + 1} (${line}) ${checked.error}`;
  }
  return undefined;
}

/** Too many questions, or the first that is too long, as the field's error. */
function starterQuestionsError(text: string): string | undefined {
  const { max, maxChars } = WEBCHAT_LIMITS.starterQuestions;
  const lines = filledLines(text);
  if (lines.length > max) return `Enter at most ${max} questions, one per line`;
  const long = lines.findIndex((line) => line.length > maxChars);
  return long < 0 ? undefined : `Question ${long + 1} is longer than ${maxChars} characters`;
}

/** Keeps digits only: the number fields accept integers (spec part 2 §5). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

const COLOR_KEYS = (Object.keys(DEFAULT_APPEARANCE) as (keyof Appearance)[]).filter(
  (key) => typeof DEFAULT_APPEARANCE[key] === 'string' && String(DEFAULT_APPEARANCE[key]).startsWith('#'),
);

/** Checks before save; an empty result means the form can be sent. */
export function validate(values: WebchatFormValues): FormErrors {
  const errors: FormErrors = {};
  if (values.name.trim() === '') errors.name = 'Bot name is required';
  if (values.description.trim() === '') errors.description = 'Description is required';
  if (values.short_term_messages_retention_period === '')
    errors.short_term_messages_retention_period = 'Enter a whole number of seconds (0 or more)';
  const depth = values.tool_recursion_depth;
  if (depth !== '' && (Number(depth) < 1 || Number(depth) > 100))
    errors.tool_recursion_depth = 'Enter a whole number from 1 to 100, or leave it empty';
  const sites = allowedSitesError(values.allowed_sites);
  if (sites) errors.allowed_sites = sites;
  const questions = starterQuestionsError(values.starter_questions);
  if (questions) errors.starter_questions = questions;
  if (values.lead_capture.enabled && values.lead_capture.fields.length === 0)
    errors.lead_capture = WEBCHAT_TEXTS.leadCapture.noFields;
  const badColors = COLOR_KEYS.filter((key) => !HEX_COLOR_PATTERN.test(String(values.appearance[key])));
  if (badColors.length > 0) errors.colors = badColors;
  return errors;
}

/** The tab that shows a field's error: colours are on Appearance, everything validated else on Behaviour. */
export function tabOfFirstError(errors: FormErrors): 'behaviour' | 'appearance' | null {
  const { colors, ...behaviour } = errors;
  if (Object.values(behaviour).some(Boolean)) return 'behaviour';
  return colors && colors.length > 0 ? 'appearance' : null;
}

/** The appearance as the preview may show it: a colour still being typed keeps the last saved one. */
export function previewAppearance(values: Appearance, fallback: Appearance): Appearance {
  const shown: Appearance = { ...values };
  for (const key of COLOR_KEYS) {
    if (!HEX_COLOR_PATTERN.test(String(values[key])))
      (shown as unknown as Record<string, unknown>)[key] = fallback[key];
  }
  return shown;
}

/** Field by field (no JSON of a 256 KB avatar on every keystroke): true when nothing differs. */
export function sameValues(a: WebchatFormValues, b: WebchatFormValues): boolean {
  for (const key of Object.keys(a) as (keyof WebchatFormValues)[]) {
    if (key === 'appearance' || key === 'tools' || key === 'knowledge') continue;
    if (key === 'lead_capture') {
      if (JSON.stringify(a.lead_capture) !== JSON.stringify(b.lead_capture)) return false;
      continue;
    }
    if (a[key] !== b[key]) return false;
  }
  if (a.tools.length !== b.tools.length || a.tools.some((id, i) => id !== b.tools[i])) return false;
  if (!sameKnowledge(a.knowledge, b.knowledge)) return false;
  return (Object.keys(a.appearance) as (keyof Appearance)[]).every((key) => a.appearance[key] === b.appearance[key]);
}
