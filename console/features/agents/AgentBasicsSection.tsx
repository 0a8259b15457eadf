import { VOICES } from '../../../shared/defaults.js';
import { FormSection } from '../../components/FormSection.js';
import { SelectField } from '../../components/SelectField.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { TextInput } from '../../components/TextInput.js';
import { FieldGrid } from './fields/FieldGrid.js';
import { PhoneNumberField } from './PhoneNumberField.js';
import type { AgentFormBinding } from './useAgentEditor.js';

export interface AgentBasicsSectionProps extends AgentFormBinding {
  agentId: string;
  loadedNumber: string | null;
  nameError?: string | undefined;
}

export function AgentBasicsSection({
  values,
  set,
  disabled,
  agentId,
  loadedNumber,
  nameError,
}: AgentBasicsSectionProps) {
  return (
    <FormSection title="Basic Information">
      <FieldGrid>
        <TextInput
          label="Name"
          value={values.name}
          onChange={(v) => set('name', v)}
          required
          disabled={disabled}
          error={nameError}
          autoComplete="off"
        />
        <SelectField
          label="Voice"
          value={values.voice}
          options={VOICES}
          onChange={(v) => set('voice', v)}
          disabled={disabled}
        />
      </FieldGrid>
      <PhoneNumberField
        agentId={agentId}
        value={values.phoneNumber}
        loadedNumber={loadedNumber}
        onChange={(v) => set('phoneNumber', v)}
        disabled={disabled}
      />
      <TextAreaField
        label="Description"
        value={values.description}
        onChange={(v) => set('description', v)}
        rows={2}
        disabled={disabled}
      />
    </FormSection>
  );
}
