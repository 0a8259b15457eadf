import type { RefObject } from 'react';
import { formatTime } from '../../../shared/format.js';
import type { SessionMessage } from '../../../shared/types/session.js';
import { ToolCallDialog } from '../ToolCallDialog.js';
import { toolHref } from '../toolHref.js';

export interface FunctionCallDialogProps {
  /** The function message shown; null keeps the dialog closed. */
  message: SessionMessage | null;
  /** The control that opened it; focus goes back there on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
  onClose: () => void;
}

/** A tool call of the call's transcript: a link to the tool, its arguments and its output (spec part 1 §2). */
export function FunctionCallDialog({ message, returnFocusTo, onClose }: FunctionCallDialogProps) {
  const call = message
    ? {
        name: message.message,
        description: `Function call at ${formatTime(message.timestamp)}`,
        toolHref: message.function_id ? toolHref(message.function_id) : undefined,
        arguments: message.function_args,
        output: message.function_output,
      }
    : null;
  return <ToolCallDialog call={call} returnFocusTo={returnFocusTo} onClose={onClose} />;
}
