import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from '@radix-ui/themes';
import { UI_TIMING } from '../../shared/defaults.js';

export interface CopyButtonProps {
  /** The text to put on the clipboard. */
  text: string;
  label?: string;
  /** Called after the copy, true when it worked (for the screen's own toasts). */
  onCopied?: (copied: boolean) => void;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  disabled?: boolean;
  /** Names the button for screen readers when the visible label is not enough ('Copy URL of …'). */
  'aria-label'?: string;
}

/** Copies `text` and reads 'Copied!' for 2 s (spec part 2 §4 "Copy buttons"). */
export function CopyButton({ text, label = 'Copy', onCopied, size = '2', variant = 'soft', disabled, ...rest }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    let ok = true;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      ok = false;
    }
    onCopied?.(ok);
    if (!ok) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), UI_TIMING.copiedMs);
  };

  return (
    <Button type="button" size={size} variant={variant} onClick={() => void copy()} disabled={disabled} aria-label={rest['aria-label']}>
      <span aria-live="polite">{copied ? 'Copied!' : label}</span>
    </Button>
  );
}
