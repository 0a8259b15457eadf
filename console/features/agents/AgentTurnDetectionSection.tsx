import { AGENT_LIMITS, EAGERNESS_LEVELS, TURN_DETECTION_TYPES } from '../../../shared/defaults.js';
import { bindField } from '../../components/bindField.js';
import { FormSection } from '../../components/FormSection.js';
import { SelectField } from '../../components/SelectField.js';
import { allowedHint } from './agentForm.js';
import { bindNumber } from './fields/bindNumber.js';
import { FieldGrid } from './fields/FieldGrid.js';
import { NumberField } from './fields/NumberField.js';
import type { AgentFormBinding } from './useAgentEditor.js';

/** server_vad shows padding, silence and threshold; semantic_vad shows eagerness (spec part 1 §2). */
export function AgentTurnDetectionSection(form: AgentFormBinding) {
  const type = form.values.turn_detection_type;
  return (
    <FormSection title="Turn Detection">
      <FieldGrid>
        <SelectField
          label="Turn Detection Type"
          options={TURN_DETECTION_TYPES}
          {...bindField(form, 'turn_detection_type')}
        />
        {type === 'semantic_vad' ? (
          <SelectField label="Eagerness" options={EAGERNESS_LEVELS} {...bindField(form, 'eagerness')} />
        ) : null}
      </FieldGrid>
      {type === 'server_vad' ? (
        <FieldGrid>
          <NumberField
            label="Prefix Padding (ms)"
            min={0}
            hint={`Audio kept before speech starts. ${allowedHint('prefix_padding_ms')}`}
            {...bindNumber(form, 'prefix_padding_ms')}
          />
          <NumberField
            label="Silence Duration (ms)"
            min={0}
            hint={`Silence that ends the caller's turn. ${allowedHint('silence_duration_ms')}`}
            {...bindNumber(form, 'silence_duration_ms')}
          />
          <NumberField
            label="Threshold"
            min={AGENT_LIMITS.threshold.min}
            max={AGENT_LIMITS.threshold.max}
            step={0.1}
            hint={`Voice activity sensitivity. ${allowedHint('threshold')}`}
            {...bindNumber(form, 'threshold')}
          />
        </FieldGrid>
      ) : null}
    </FormSection>
  );
}
