import { Flex, RadioGroup, Text } from '@radix-ui/themes';
import { useId } from 'react';
import type { VoicemailAction } from '../../../shared/callHandling.js';
import { BUILTIN_FUNCTION_LIMITS, type VoicemailSettings } from '../../../shared/types/builtinFunctions.js';
import { TextAreaField } from '../../components/TextAreaField.js';

const TEXTS = {
  label: 'Voicemail (outbound calls)',
  hint: 'When an answering machine or fax answers a call this agent places. Twilio listens in the background, so a person who answers is never kept waiting.',
  message: 'Message to leave',
  messageHint: (length: number) =>
    `Said word for word after the beep, then the call hangs up. ${length} / ${BUILTIN_FUNCTION_LIMITS.voicemailMessageMaxLength} characters.`,
  required: 'Write the message to leave.',
  tooLong: `At most ${BUILTIN_FUNCTION_LIMITS.voicemailMessageMaxLength} characters.`,
};

const ACTIONS: { value: VoicemailAction; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'hang_up', label: 'Hang up on a machine' },
  { value: 'leave_message', label: 'Leave a message' },
];

export interface AgentVoicemailFieldProps {
  value: VoicemailSettings;
  onChange: (next: VoicemailSettings) => void;
  disabled: boolean;
}

/** What an outbound call does on an answering machine (issue 23): a radio group (arrow keys move), and the message to leave. */
export function AgentVoicemailField({ value, onChange, disabled }: AgentVoicemailFieldProps) {
  const labelId = useId();
  const hintId = useId();
  const length = value.message.trim().length;
  const problem =
    value.action !== 'leave_message'
      ? undefined
      : length === 0
        ? TEXTS.required
        : length > BUILTIN_FUNCTION_LIMITS.voicemailMessageMaxLength
          ? TEXTS.tooLong
          : undefined;
  return (
    <Flex direction="column" gap="2">
      <Text id={labelId} as="div" size="2" weight="medium">
        {TEXTS.label}
      </Text>
      <Text id={hintId} as="div" size="1" color="gray">
        {TEXTS.hint}
      </Text>
      <RadioGroup.Root
        value={value.action}
        onValueChange={(action) => onChange({ ...value, action: action as VoicemailAction })}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={hintId}
      >
        {ACTIONS.map((action) => (
          <RadioGroup.Item key={action.value} value={action.value}>
            {action.label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {value.action === 'leave_message' ? (
        <TextAreaField
          label={TEXTS.message}
          rows={3}
          hint={TEXTS.messageHint(length)}
          error={problem}
          value={value.message}
          onChange={(message) => onChange({ ...value, message })}
          disabled={disabled}
        />
      ) : null}
    </Flex>
  );
}
