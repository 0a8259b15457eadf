import { AGENT_LIMITS, AUDIO_FORMATS, REALTIME_MODELS } from '../../../shared/defaults.js';
import { allowedHint } from './agentForm.js';
import { FormSection } from '../../components/FormSection.js';
import { KeepHistoryField } from '../../components/KeepHistoryField.js';
import { FieldGrid } from './fields/FieldGrid.js';
import { NumberField } from './fields/NumberField.js';
import { SelectField } from '../../components/SelectField.js';
import { SwitchField } from '../../components/SwitchField.js';
import type { AgentFormBinding } from './useAgentEditor.js';

const { temperature, maxResponseOutputTokens: tokens } = AGENT_LIMITS;

/** Issue 18: what the setting keeps, and what Don't keep leaves. */
const AGENT_KEEP_HISTORY_HINT = 'How long this agent’s calls and transcripts stay in Sessions, search and exports. Don’t keep deletes each call within a minute of its end.';

export function AgentAdvancedSection({ values, set, blur, notices, disabled }: AgentFormBinding) {
  return (
    <FormSection title="Advanced Settings">
      <FieldGrid>
        <SelectField label="Model" value={values.model} options={REALTIME_MODELS} onChange={(v) => set('model', v)} disabled={disabled} />
        <NumberField
          label="Temperature"
          value={values.temperature}
          onChange={(v) => set('temperature', v)}
          onBlur={() => blur('temperature')}
          min={temperature.min}
          max={temperature.max}
          step={temperature.step}
          hint={`${allowedHint('temperature')}. The current Realtime models ignore temperature.`}
          notice={notices.temperature}
          disabled={disabled}
        />
        <SelectField
          label="Input Audio Format"
          value={values.input_audio_format}
          options={AUDIO_FORMATS}
          onChange={(v) => set('input_audio_format', v)}
          disabled={disabled}
        />
        <SelectField
          label="Output Audio Format"
          value={values.output_audio_format}
          options={AUDIO_FORMATS}
          onChange={(v) => set('output_audio_format', v)}
          disabled={disabled}
        />
        <KeepHistoryField
          value={values.keep_history_days}
          onChange={(v) => set('keep_history_days', v)}
          hint={AGENT_KEEP_HISTORY_HINT}
          disabled={disabled}
        />
      </FieldGrid>
      <SwitchField
        label="Limit response tokens"
        checked={values.response_output_tokens_limit}
        onChange={(v) => set('response_output_tokens_limit', v)}
        disabled={disabled}
      />
      {values.response_output_tokens_limit ? (
        <FieldGrid>
          <NumberField
            label="Max Response Output Tokens"
            value={values.max_response_output_tokens}
            onChange={(v) => set('max_response_output_tokens', v)}
            onBlur={() => blur('max_response_output_tokens')}
            min={tokens.min}
            max={tokens.max}
            hint={allowedHint('max_response_output_tokens')}
            notice={notices.max_response_output_tokens}
            disabled={disabled}
          />
        </FieldGrid>
      ) : null}
    </FormSection>
  );
}
