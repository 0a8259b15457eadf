import { TextField } from '@radix-ui/themes';
import { FieldFrame } from '../../../components/FieldFrame.js';

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
  /** Set after the blur rule replaced what was typed ('Out of range (0.6–1.2): reset to 0.8'), until the next edit. */
  notice?: string | null;
  disabled?: boolean;
}

/** A number input that keeps the typed text until blur, when the spec's reset rules apply. */
export function NumberField({
  label,
  value,
  onChange,
  onBlur,
  min,
  max,
  step,
  hint,
  notice = null,
  disabled,
}: NumberFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} notice={notice}>
      {(control) => (
        <TextField.Root
          {...control}
          type="number"
          inputMode="decimal"
          value={value}
          min={min}
          max={max}
          step={step ?? 1}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          disabled={disabled}
        />
      )}
    </FieldFrame>
  );
}
