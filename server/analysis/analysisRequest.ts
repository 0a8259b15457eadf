/**
 * The Chat Completions request of one analysis (VOICE.md §13.1): the transcript as text, and a
 * strict `response_format` whose schema holds only what the agent or bot asked for: `summary`
 * always, `success` (verdict and reason) when it has success criteria, `data` (its own schema,
 * whose `$defs` move to the root so its local `$ref`s still point at them) when it has one.
 */
import type { TranscriptLine } from '../db/analysisTranscripts.js';
import type { ChatRequest } from '../llm/chatTypes.js';

export interface AnalysisPrompt {
  summaryPrompt: string;
  successCriteria: string;
  /** Parsed, already checked by strictSchemaProblem on save. */
  dataSchema: Record<string, unknown> | null;
}

/** Of a long conversation, the model reads its start and its end: this many characters in all. */
export const TRANSCRIPT_MAX_CHARS = 60_000;
const DEFAULT_SUMMARY = 'Summarise the conversation in two to four sentences: who wanted what, and how it ended.';
const SPEAKERS = { user: 'Customer', assistant: 'Agent', tool: 'Tool call' } as const;

export function transcriptText(lines: readonly TranscriptLine[]): string {
  const text = lines.map((line) => `${SPEAKERS[line.role]}: ${line.text}`).join('\n');
  if (text.length <= TRANSCRIPT_MAX_CHARS) return text;
  const half = Math.floor(TRANSCRIPT_MAX_CHARS / 2);
  return `${text.slice(0, half)}\n[… ${text.length - 2 * half} characters left out …]\n${text.slice(-half)}`;
}

export function analysisSchema(prompt: AnalysisPrompt): object {
  const properties: Record<string, unknown> = { summary: { type: 'string' } };
  let defs: unknown;
  if (prompt.successCriteria !== '') {
    properties.success = {
      type: 'object',
      additionalProperties: false,
      properties: { verdict: { type: 'string', enum: ['pass', 'fail', 'unclear'] }, reason: { type: 'string' } },
      required: ['verdict', 'reason'],
    };
  }
  if (prompt.dataSchema) {
    const { $defs, $schema: _dialect, ...data } = prompt.dataSchema;
    defs = $defs;
    properties.data = data;
  }
  return {
    type: 'object',
    additionalProperties: false,
    properties,
    required: Object.keys(properties),
    ...(defs ? { $defs: defs } : {}),
  };
}

function instructions(prompt: AnalysisPrompt): string {
  const parts = [
    'You analyse a finished conversation between a customer and an AI agent. The transcript follows as the user message.',
    `summary: ${prompt.summaryPrompt.trim() || DEFAULT_SUMMARY}`,
  ];
  if (prompt.successCriteria !== '')
    parts.push(
      `success: judge the conversation against these criteria. verdict "pass" when they are met, "fail" when they are not, "unclear" when the transcript does not tell; reason: one sentence saying why.\nCriteria: ${prompt.successCriteria.trim()}`,
    );
  if (prompt.dataSchema)
    parts.push(
      'data: extract the fields of its schema from the transcript; use null where the transcript does not say.',
    );
  return parts.join('\n\n');
}

export function analysisRequest(prompt: AnalysisPrompt, lines: readonly TranscriptLine[], model: string): ChatRequest {
  return {
    model,
    messages: [
      { role: 'system', content: instructions(prompt) },
      { role: 'user', content: transcriptText(lines) },
    ],
    temperature: 0,
    max_tokens: 2000,
    response_format: {
      type: 'json_schema',
      json_schema: {
        name: 'conversation_analysis',
        description: 'Post-call analysis',
        strict: true,
        schema: analysisSchema(prompt),
      },
    },
  };
}
