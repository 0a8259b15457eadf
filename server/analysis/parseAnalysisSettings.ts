/**
 * The PUT body of an agent's or bot's analysis settings: any of the fields (the others keep their
 * values), each checked with a 400 naming it; a data schema outside the strict-mode subset says
 * which rule it breaks and where ("dataSchema: at properties.city: an object must set
 * additionalProperties to false").
 */
import { isPlainObject } from '../../shared/isPlainObject.js';
import { ANALYSIS_LIMITS, type AnalysisSettings } from '../../shared/types/analysis.js';
import { invalidField } from '../core/AppError.js';
import { applyFieldRules, type Checked, flag, ruleFor, text } from '../core/fieldRules.js';
import type { AnalysisSettingsColumns } from '../db/analysisSettings.js';
import { strictSchemaProblem } from './strictSchemaProblem.js';

const rule = ruleFor<AnalysisSettingsColumns>();

function dataSchema(value: unknown): Checked<string> {
  if (value === null) return { ok: true, value: '' };
  if (!isPlainObject(value)) return { ok: false, error: 'must be a JSON Schema object or null' };
  const json = JSON.stringify(value);
  if (json.length > ANALYSIS_LIMITS.schemaMaxLength)
    return { ok: false, error: `must be at most ${ANALYSIS_LIMITS.schemaMaxLength} characters of JSON` };
  const problem = strictSchemaProblem(value);
  return problem ? { ok: false, error: `not in the strict-mode subset, ${problem}` } : { ok: true, value: json };
}

const RULES = {
  enabled: rule('enabled', flag),
  summaryPrompt: rule('summary_prompt', text(ANALYSIS_LIMITS.promptMaxLength, { trim: true })),
  successCriteria: rule('success_criteria', text(ANALYSIS_LIMITS.promptMaxLength, { trim: true })),
  dataSchema: rule('data_schema', dataSchema),
};

export function parseAnalysisSettings(body: unknown): Partial<AnalysisSettingsColumns> {
  if (!isPlainObject(body)) throw invalidField('body', 'must be an object');
  const changes: Partial<AnalysisSettingsColumns> = {};
  applyFieldRules(RULES, body, changes, {});
  return changes;
}

export function toAnalysisSettings(row: AnalysisSettingsColumns): AnalysisSettings {
  return {
    enabled: row.enabled === 1,
    summaryPrompt: row.summary_prompt,
    successCriteria: row.success_criteria,
    dataSchema: row.data_schema === '' ? null : (JSON.parse(row.data_schema) as Record<string, unknown>),
  };
}
