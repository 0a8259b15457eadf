import { TextArea } from '@radix-ui/themes';
import { type TextControlProps, TextFieldFrame } from './TextFieldFrame.js';

export interface TextAreaFieldProps extends TextControlProps {
  rows?: number;
  /** Monospace text (JSON arguments). */
  code?: boolean;
  spellCheck?: boolean;
}

/** A labelled multiline field, the TextArea sibling of TextInput. */
export function TextAreaField({ rows = 3, code, spellCheck, ...field }: TextAreaFieldProps) {
  const style = code ? { fontFamily: 'var(--code-font-family)' } : undefined;
  return (
    <TextFieldFrame field={field}>
      {(wired) => <TextArea {...wired} rows={rows} resize="vertical" spellCheck={spellCheck} style={style} />}
    </TextFieldFrame>
  );
}
