import { Flex, Text, TextField } from '@radix-ui/themes';
import { memo, type ReactElement, useId } from 'react';
import { HEX_COLOR_PATTERN } from '../../../shared/defaults.js';

export interface ColorFieldProps<N extends string = string> {
  /** Handed back with each change, so one stable onChange serves every colour field. */
  name: N;
  label: string;
  value: string;
  onChange: (name: N, value: string) => void;
  disabled?: boolean;
}

/** `<input type="color">` takes #rrggbb only: #rgb is expanded and an alpha part dropped for it. */
function pickerValue(value: string): string {
  if (!HEX_COLOR_PATTERN.test(value)) return '#000000';
  const hex = value.slice(1);
  if (hex.length <= 4) return `#${[...hex.slice(0, 3)].map((c) => c + c).join('')}`.toLowerCase();
  return `#${hex.slice(0, 6)}`.toLowerCase();
}

/**
 * One appearance colour: a native colour picker and a hex text field, each labelled. The text
 * field shows what is typed; until it is a hex colour the field is marked and the preview keeps
 * the last good colour (previewAppearance).
 */
export const ColorField = memo(function ColorField<N extends string>({
  name,
  label,
  value,
  onChange,
  disabled,
}: ColorFieldProps<N>) {
  const id = useId();
  const messageId = `${id}-message`;
  const invalid = !HEX_COLOR_PATTERN.test(value);
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <Flex gap="2" align="center">
        <input
          type="color"
          className="sb-color-swatch"
          aria-label={`${label} picker`}
          value={pickerValue(value)}
          onChange={(event) => onChange(name, event.target.value)}
          disabled={disabled}
        />
        <TextField.Root
          id={id}
          value={value}
          onChange={(event) => onChange(name, event.target.value.trim())}
          maxLength={9}
          spellCheck={false}
          autoComplete="off"
          disabled={disabled}
          color={invalid ? 'red' : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? messageId : undefined}
          style={{ fontFamily: 'var(--code-font-family)', flexGrow: 1 }}
        />
      </Flex>
      {invalid ? (
        <Text id={messageId} size="1" color="red">
          Enter a hex colour such as #0084ff
        </Text>
      ) : null}
    </Flex>
  );
}) as <N extends string>(props: ColorFieldProps<N>) => ReactElement;
