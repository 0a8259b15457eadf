import { useId } from 'react';
import { Flex, Text, TextField } from '@radix-ui/themes';

export interface NumberFieldProps {
  label: string;
  /** The text as typed; the owner normalizes it on blur. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  min?: number;
  max?: number;
  step?: number;
  hint?: string;
  disabled?: boolean;
}

/** A number input that keeps the typed text until blur, when the spec's reset rules apply. */
export function NumberField({ label, value, onChange, onBlur, min, max, step, hint, disabled }: NumberFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        type="number"
        inputMode="decimal"
        value={value}
        min={min}
        max={max}
        step={step ?? 1}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
      />
      {hint ? (
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
    </Flex>
  );
}
