import { Select } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { FieldFrame } from './FieldFrame.js';

export interface SelectOption<T extends string> {
  value: T;
  label?: string;
}

export interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly (T | SelectOption<T>)[];
  onChange: (value: T) => void;
  disabled?: boolean;
  hint?: ReactNode;
}

/** A labelled select of an enumeration; the trigger is a combobox named by the label. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  hint,
}: SelectFieldProps<T>) {
  return (
    <FieldFrame label={label} hint={hint}>
      {(control) => (
        <Select.Root value={value} onValueChange={(next) => onChange(next as T)} disabled={disabled}>
          <Select.Trigger {...control} />
          <Select.Content position="popper">
            {options.map((option) => {
              const { value: optionValue, label: optionLabel } =
                typeof option === 'string' ? { value: option, label: option } : option;
              return (
                <Select.Item key={optionValue} value={optionValue}>
                  {optionLabel ?? optionValue}
                </Select.Item>
              );
            })}
          </Select.Content>
        </Select.Root>
      )}
    </FieldFrame>
  );
}
