/**
 * The props a form field takes from its form's binding, so a section names each field once:
 * `<SelectField label="Model" options={…} {...bindField(form, 'model')} />`. Used by the agent and
 * bot editors, whose bindings both carry the unsaved values, a typed setter and the saving lock.
 */
export interface FieldBinding<V> {
  values: V;
  set: <K extends keyof V>(field: K, value: V[K]) => void;
  disabled: boolean;
}

type BooleanField<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V];

/** Value, setter and the saving lock, for text, select and number fields. */
export function bindField<V, K extends keyof V>({ values, set, disabled }: FieldBinding<V>, field: K) {
  return { value: values[field], onChange: (value: V[K]) => set(field, value), disabled };
}

/** The same for a switch, which calls its value `checked`. */
export function bindSwitch<V>({ values, set, disabled }: FieldBinding<V>, field: BooleanField<V>) {
  return {
    checked: values[field] as boolean,
    onChange: (checked: boolean) => set(field, checked as V[BooleanField<V>]),
    disabled,
  };
}
