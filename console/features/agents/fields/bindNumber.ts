import { bindField } from '../../../components/bindField.js';
import type { NumericField } from '../agentForm.js';
import type { AgentFormBinding } from '../useAgentEditor.js';

/** An agent number field's binding: also the spec's blur-reset rule and what it said (part 1 §5). */
export function bindNumber(form: AgentFormBinding, field: NumericField) {
  return { ...bindField(form, field), onBlur: () => form.blur(field), notice: form.notices[field] };
}
