import { FormSection } from '../../components/FormSection.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import type { AgentFormBinding } from './useAgentEditor.js';

export function AgentInstructionsSection({ values, set, disabled }: AgentFormBinding) {
  return (
    <FormSection title="Instructions & System Message">
      <TextAreaField
        label="Instructions"
        value={values.instructions}
        onChange={(v) => set('instructions', v)}
        rows={8}
        hint="How the agent behaves in a conversation."
        disabled={disabled}
      />
      <TextAreaField
        label="System Message"
        value={values.systemMessage}
        onChange={(v) => set('systemMessage', v)}
        rows={4}
        disabled={disabled}
      />
    </FormSection>
  );
}
