import { AGENT_LIMITS, AUDIO_FORMATS, REALTIME_MODELS } from '../../../shared/defaults.js';
import { bindField, bindSwitch } from '../../components/bindField.js';
import { FormSection } from '../../components/FormSection.js';
import { KeepHistoryField } from '../../components/KeepHistoryField.js';
import { SelectField } from '../../components/SelectField.js';
import { SwitchField } from '../../components/SwitchField.js';
import { allowedHint } from './agentForm.js';
import { bindNumber } from './fields/bindNumber.js';
import { FieldGrid } from './fields/FieldGrid.js';
import { NumberField } from './fields/NumberField.js';
import type { AgentFormBinding } from './useAgentEditor.js';

const { temperature, maxResponseOutputTokens: tokens } = AGENT_LIMITS;

/** Issue 18: what the setting keeps, and what Don't keep leaves. */
const AGENT_KEEP_HISTORY_HINT =
  'How long this agent’s calls and transcripts stay in Sessions, search and exports. Don’t keep deletes each call within a minute of its end.';

/** Issue 21: what Record calls keeps, and the consent it may need. */
const AGENT_RECORD_CALLS_HINT =
  'Keeps the audio of both sides of each call (caller left, agent right) to play and download on the session page. Recording laws differ by place: many require telling callers that the call is recorded, and some require the consent of everyone on it. Say so at the start of the call, in the agent’s first message for example.';

export function AgentAdvancedSection(form: AgentFormBinding) {
  return (
    <FormSection title="Advanced Settings">
      <FieldGrid>
        <SelectField label="Model" options={REALTIME_MODELS} {...bindField(form, 'model')} />
        <NumberField
          label="Temperature"
          min={temperature.min}
          max={temperature.max}
          step={temperature.step}
          hint={`${allowedHint('temperature')}. The current Realtime models ignore temperature.`}
          {...bindNumber(form, 'temperature')}
        />
        <SelectField label="Input Audio Format" options={AUDIO_FORMATS} {...bindField(form, 'input_audio_format')} />
        <SelectField label="Output Audio Format" options={AUDIO_FORMATS} {...bindField(form, 'output_audio_format')} />
        <KeepHistoryField hint={AGENT_KEEP_HISTORY_HINT} {...bindField(form, 'keep_history_days')} />
      </FieldGrid>
      <SwitchField label="Record calls" hint={AGENT_RECORD_CALLS_HINT} {...bindSwitch(form, 'record_calls')} />
      <SwitchField label="Limit response tokens" {...bindSwitch(form, 'response_output_tokens_limit')} />
      {form.values.response_output_tokens_limit ? (
        <FieldGrid>
          <NumberField
            label="Max Response Output Tokens"
            min={tokens.min}
            max={tokens.max}
            hint={allowedHint('max_response_output_tokens')}
            {...bindNumber(form, 'max_response_output_tokens')}
          />
        </FieldGrid>
      ) : null}
    </FormSection>
  );
}
