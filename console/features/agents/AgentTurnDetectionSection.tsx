import { AGENT_LIMITS, EAGERNESS_LEVELS, TURN_DETECTION_TYPES } from '../../../shared/defaults.js';
import { FormSection } from '../../components/FormSection.js';
import { allowedHint } from './agentForm.js';
import { FieldGrid } from './fields/FieldGrid.js';
import { NumberField } from './fields/NumberField.js';
import { SelectField } from '../../components/SelectField.js';
import type { AgentFormBinding } from './useAgentEditor.js';

/** server_vad shows padding, silence and threshold; semantic_vad shows eagerness (spec part 1 §2). */
export function AgentTurnDetectionSection({ values, set, blur, notices, disabled }: AgentFormBinding) {
  return (
    <FormSection title="Turn Detection">
      <FieldGrid>
        <SelectField
          label="Turn Detection Type"
          value={values.turn_detection_type}
          options={TURN_DETECTION_TYPES}
          onChange={(v) => set('turn_detection_type', v)}
          disabled={disabled}
        />
        {values.turn_detection_type === 'semantic_vad' ? (
          <SelectField label="Eagerness" value={values.eagerness} options={EAGERNESS_LEVELS} onChange={(v) => set('eagerness', v)} disabled={disabled} />
        ) : null}
      </FieldGrid>
      {values.turn_detection_type === 'server_vad' ? (
        <FieldGrid>
          <NumberField
            label="Prefix Padding (ms)"
            value={values.prefix_padding_ms}
            onChange={(v) => set('prefix_padding_ms', v)}
            onBlur={() => blur('prefix_padding_ms')}
            min={0}
            hint={`Audio kept before speech starts. ${allowedHint('prefix_padding_ms')}`}
            notice={notices.prefix_padding_ms}
            disabled={disabled}
          />
          <NumberField
            label="Silence Duration (ms)"
            value={values.silence_duration_ms}
            onChange={(v) => set('silence_duration_ms', v)}
            onBlur={() => blur('silence_duration_ms')}
            min={0}
            hint={`Silence that ends the caller's turn. ${allowedHint('silence_duration_ms')}`}
            notice={notices.silence_duration_ms}
            disabled={disabled}
          />
          <NumberField
            label="Threshold"
            value={values.threshold}
            onChange={(v) => set('threshold', v)}
            onBlur={() => blur('threshold')}
            min={AGENT_LIMITS.threshold.min}
            max={AGENT_LIMITS.threshold.max}
            step={0.1}
            hint={`Voice activity sensitivity. ${allowedHint('threshold')}`}
            notice={notices.threshold}
            disabled={disabled}
          />
        </FieldGrid>
      ) : null}
    </FormSection>
  );
}
