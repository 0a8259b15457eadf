import { Button, type ButtonProps } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
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
  /**
   * Which of several alike buttons this is, for screen readers ('(demo of shop.example/a)'). It
   * follows the text on the button in its name, 'Copy URL (demo of …)' then 'Copied! (demo of …)',
   * so the name always holds what the button shows (WCAG 2.5.3, issue 18).
   */
  context?: string;
}

/** Copies `text` and reads 'Copied!' for 2 s (spec part 2 §4 "Copy buttons"). */
export function CopyButton({
  text,
  label = 'Copy',
  onCopied,
  size = '2',
  variant = 'soft',
  disabled,
  context,
}: CopyButtonProps) {
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

  const shown = copied ? 'Copied!' : label;
  return (
    <Button
      type="button"
      size={size}
      variant={variant}
      onClick={() => void copy()}
      disabled={disabled}
      aria-label={context ? `${shown} ${context}` : undefined}
    >
      <span aria-live="polite">{shown}</span>
    </Button>
  );
}
