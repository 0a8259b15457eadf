import { useId, type ReactNode } from 'react';
import { Flex, Select, Text } from '@radix-ui/themes';

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
export function SelectField<T extends string>({ label, value, options, onChange, disabled, hint }: SelectFieldProps<T>) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <Select.Root value={value} onValueChange={(next) => onChange(next as T)} disabled={disabled}>
        <Select.Trigger id={id} aria-describedby={hint ? hintId : undefined} />
        <Select.Content position="popper">
          {options.map((option) => {
            const { value: optionValue, label: optionLabel } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <Select.Item key={optionValue} value={optionValue}>
                {optionLabel ?? optionValue}
              </Select.Item>
            );
          })}
        </Select.Content>
      </Select.Root>
      {hint ? (
        <Text id={hintId} as="div" size="1" color="gray">
          {hint}
        </Text>
      ) : null}
    </Flex>
  );
}
