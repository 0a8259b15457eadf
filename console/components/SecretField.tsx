import { IconButton } from '@radix-ui/themes';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons.js';
import { TextInput, type TextInputProps } from './TextInput.js';

export type SecretFieldProps = Omit<TextInputProps, 'type' | 'slot'>;

/** A password-type field with a show/hide toggle whose label names the field. */
export function SecretField(props: SecretFieldProps) {
  const [visible, setVisible] = useState(false);
  const toggleLabel = `${visible ? 'Hide' : 'Show'} ${props.label}`;
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      slot={
        <IconButton
          type="button"
          size="1"
          variant="ghost"
          color="gray"
          aria-label={toggleLabel}
          aria-pressed={visible}
          title={toggleLabel}
          onClick={() => setVisible((v) => !v)}
          disabled={props.disabled}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </IconButton>
      }
    />
  );
}
