import { NOISE_REDUCTIONS, TRANSCRIPTION_MODELS } from '../../../shared/defaults.js';
import { FormSection } from '../../components/FormSection.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { TextInput } from '../../components/TextInput.js';
import { FieldGrid } from './fields/FieldGrid.js';
import { SelectField } from '../../components/SelectField.js';
import { SwitchField } from '../../components/SwitchField.js';
import type { AgentFormBinding } from './useAgentEditor.js';

export function AgentTranscriptionSection({ values, set, disabled }: AgentFormBinding) {
  return (
    <FormSection title="Transcription Settings">
      <SwitchField
        label="Transcription"
        checked={values.transcription}
        onChange={(v) => set('transcription', v)}
        hint="Transcribe what the caller says into the session transcript."
        disabled={disabled}
      />
      <FieldGrid>
        <SelectField
          label="Transcription Model"
          value={values.transcription_model}
          options={TRANSCRIPTION_MODELS}
          onChange={(v) => set('transcription_model', v)}
          disabled={disabled}
        />
        <TextInput
          label="Transcription Language"
          value={values.transcription_language}
          onChange={(v) => set('transcription_language', v)}
          placeholder="e.g. en, es, fr"
          hint="A language code such as en, es or fr; leave empty to detect it."
          autoComplete="off"
          disabled={disabled}
        />
        <SelectField
          label="Noise Reduction"
          value={values.noise_reduction}
          options={NOISE_REDUCTIONS}
          onChange={(v) => set('noise_reduction', v)}
          disabled={disabled}
        />
      </FieldGrid>
      <TextAreaField
        label="Transcription Prompt"
        value={values.transcription_prompt}
        onChange={(v) => set('transcription_prompt', v)}
        rows={2}
        hint="Words or context that help the transcription (names, jargon)."
        disabled={disabled}
      />
    </FormSection>
  );
}
