import { bindField } from '../../components/bindField.js';
import { FormSection } from '../../components/FormSection.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import type { AgentFormBinding } from './useAgentEditor.js';

export function AgentInstructionsSection(form: AgentFormBinding) {
  return (
    <FormSection title="Instructions & System Message">
      <TextAreaField
        label="Instructions"
        rows={8}
        hint="How the agent behaves in a conversation."
        {...bindField(form, 'instructions')}
      />
      <TextAreaField label="System Message" rows={4} {...bindField(form, 'systemMessage')} />
    </FormSection>
  );
}
