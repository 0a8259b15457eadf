import { NOISE_REDUCTIONS, TRANSCRIPTION_MODELS } from '../../../shared/defaults.js';
import { bindField, bindSwitch } from '../../components/bindField.js';
import { FormSection } from '../../components/FormSection.js';
import { SelectField } from '../../components/SelectField.js';
import { SwitchField } from '../../components/SwitchField.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { TextInput } from '../../components/TextInput.js';
import { FieldGrid } from './fields/FieldGrid.js';
import type { AgentFormBinding } from './useAgentEditor.js';

export function AgentTranscriptionSection(form: AgentFormBinding) {
  return (
    <FormSection title="Transcription Settings">
      <SwitchField
        label="Transcription"
        hint="Transcribe what the caller says into the session transcript."
        {...bindSwitch(form, 'transcription')}
      />
      <FieldGrid>
        <SelectField
          label="Transcription Model"
          options={TRANSCRIPTION_MODELS}
          {...bindField(form, 'transcription_model')}
        />
        <TextInput
          label="Transcription Language"
          placeholder="e.g. en, es, fr"
          hint="A language code such as en, es or fr; leave empty to detect it."
          autoComplete="off"
          {...bindField(form, 'transcription_language')}
        />
        <SelectField label="Noise Reduction" options={NOISE_REDUCTIONS} {...bindField(form, 'noise_reduction')} />
      </FieldGrid>
      <TextAreaField
        label="Transcription Prompt"
        rows={2}
        hint="Words or context that help the transcription (names, jargon)."
        {...bindField(form, 'transcription_prompt')}
      />
    </FormSection>
  );
}
