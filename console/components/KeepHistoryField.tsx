import type { ReactNode } from 'react';
import { KEEP_HISTORY_PERIODS, type KeepHistoryDays } from '../../shared/defaults.js';
import { SelectField } from './SelectField.js';

/** The select's values: a Keep history as text (Radix items need non-empty strings). */
type Choice = 'forever' | 'none' | `${number}`;

const FOREVER = 'forever';
const NONE = 'none';

export const KEEP_HISTORY_LABEL = 'Keep history';

/** The options in the order a user weighs them: longest first. */
const OPTIONS: Array<{ value: Choice; label: string }> = [
  { value: FOREVER, label: 'Forever' },
  ...[...KEEP_HISTORY_PERIODS].reverse().map((days) => ({ value: `${days}` as Choice, label: `${days} days` })),
  { value: NONE, label: 'Don’t keep' },
];

const toChoice = (days: KeepHistoryDays): Choice => (days === null ? FOREVER : days === 0 ? NONE : `${days}`);
const toDays = (choice: Choice): KeepHistoryDays => (choice === FOREVER ? null : choice === NONE ? 0 : Number(choice));

export interface KeepHistoryFieldProps {
  value: KeepHistoryDays;
  onChange: (days: KeepHistoryDays) => void;
  hint: ReactNode;
  disabled?: boolean;
}

/** "Keep history" of an agent's calls or a bot's chats (issue 18): Forever, 365/90/30/7 days or Don't keep. */
export function KeepHistoryField({ value, onChange, hint, disabled }: KeepHistoryFieldProps) {
  return (
    <SelectField
      label={KEEP_HISTORY_LABEL}
      value={toChoice(value)}
      options={OPTIONS}
      onChange={(choice) => onChange(toDays(choice))}
      hint={hint}
      disabled={disabled}
    />
  );
}
