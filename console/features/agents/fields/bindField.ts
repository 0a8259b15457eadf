/**
 * The props an agent field takes from the form binding, so each section names a field once:
 * `<SelectField label="Model" options={…} {...bindField(form, 'model')} />`.
 */
import type { AgentFormValues, NumericField } from '../agentForm.js';
import type { AgentFormBinding } from '../useAgentEditor.js';

type BooleanField = { [K in keyof AgentFormValues]: AgentFormValues[K] extends boolean ? K : never }[keyof AgentFormValues];

/** Value, setter and the saving lock, for text, select and history fields. */
export function bindField<K extends keyof AgentFormValues>({ values, set, disabled }: AgentFormBinding, field: K) {
  return { value: values[field], onChange: (value: AgentFormValues[K]) => set(field, value), disabled };
}

/** The same for a switch, which calls its value `checked`. */
export function bindSwitch({ values, set, disabled }: AgentFormBinding, field: BooleanField) {
  return { checked: values[field], onChange: (checked: boolean) => set(field, checked), disabled };
}

/** A number field: also the spec's blur-reset rule and what it said (part 1 §5). */
export function bindNumber(form: AgentFormBinding, field: NumericField) {
  return { ...bindField(form, field), onBlur: () => form.blur(field), notice: form.notices[field] };
}
