import { Button, Flex, Grid, IconButton, Text } from '@radix-ui/themes';
import {
  BUILTIN_FUNCTION_LIMITS,
  type BuiltinFunctionSettings,
  type TransferDestination,
} from '../../../shared/types/builtinFunctions.js';
import { FormSection } from '../../components/FormSection.js';
import { SwitchField } from '../../components/SwitchField.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { TextInput } from '../../components/TextInput.js';
import { AgentVoicemailField } from './AgentVoicemailField.js';
import type { AgentFormBinding } from './useAgentEditor.js';

const TEXTS = {
  description:
    'Functions the agent can call during a phone call beside its own tools. A browser test call runs them too, but cannot dial: its transcript says where a transfer would go.',
  transfer: 'Transfer calls (transfer_call)',
  transferHint:
    'The agent can hand the caller to a person at one of these numbers (a cold transfer: the call leaves the agent). Operators can also press Transfer on a live call’s session page.',
  line: 'Said before transferring',
  lineHint: 'The agent says this word for word; the call moves once the caller has heard it.',
  destination: (n: number) => `Destination ${n}`,
  addDestination: 'Add destination',
  endCall: 'End calls (end_call)',
  endCallHint:
    'The agent can hang up a finished call after saying goodbye; the call ends once its last words have played.',
  pressDigits: 'Press keys (press_digits)',
  pressDigitsHint:
    'The agent can press phone keys (0-9, *, #) to find its way through a phone menu; the transcript shows each press. Keys the caller presses always reach the agent.',
};

const BLANK: TransferDestination = { name: '', phoneNumber: '', whenToUse: '' };

/** Built-in functions (issue 23): transfer_call with its destinations and line, end_call, press_digits, voicemail. */
export function AgentBuiltinFunctionsSection(form: AgentFormBinding) {
  const settings = form.values.builtinFunctions;
  const { disabled } = form;
  const transfer = settings.transferCall;
  const set = (next: BuiltinFunctionSettings) => form.set('builtinFunctions', next);
  const setTransfer = (changes: Partial<BuiltinFunctionSettings['transferCall']>) =>
    set({ ...settings, transferCall: { ...transfer, ...changes } });
  const setDestination = (index: number, changes: Partial<TransferDestination>) =>
    setTransfer({ destinations: transfer.destinations.map((d, i) => (i === index ? { ...d, ...changes } : d)) });

  return (
    <FormSection title="Built-in functions" description={TEXTS.description}>
      <SwitchField
        label={TEXTS.transfer}
        hint={TEXTS.transferHint}
        checked={transfer.enabled}
        onChange={(enabled) =>
          setTransfer(enabled && transfer.destinations.length === 0 ? { enabled, destinations: [BLANK] } : { enabled })
        }
        disabled={disabled}
      />
      {transfer.enabled || transfer.destinations.length > 0 ? (
        <Flex direction="column" gap="3">
          {transfer.destinations.map((destination, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: destinations have no id; their name is what is being typed.
            <fieldset key={index} className="agent-destination" aria-label={TEXTS.destination(index + 1)}>
              <Flex justify="between" align="center">
                <Text size="2" weight="medium">
                  {TEXTS.destination(index + 1)}
                </Text>
                <IconButton
                  type="button"
                  variant="ghost"
                  color="gray"
                  aria-label={`Remove destination ${index + 1}`}
                  disabled={disabled}
                  onClick={() => setTransfer({ destinations: transfer.destinations.filter((_, i) => i !== index) })}
                >
                  ✕
                </IconButton>
              </Flex>
              <Grid columns={{ initial: '1', sm: '2' }} gap="3">
                <TextInput
                  label="Name"
                  value={destination.name}
                  onChange={(name) => setDestination(index, { name })}
                  disabled={disabled}
                />
                <TextInput
                  label="Phone number"
                  type="tel"
                  placeholder="+14155550123"
                  value={destination.phoneNumber}
                  onChange={(phoneNumber) => setDestination(index, { phoneNumber })}
                  disabled={disabled}
                />
              </Grid>
              <TextAreaField
                label="When to use"
                rows={2}
                hint="The agent reads this to choose the destination."
                value={destination.whenToUse}
                onChange={(whenToUse) => setDestination(index, { whenToUse })}
                disabled={disabled}
              />
            </fieldset>
          ))}
          {transfer.destinations.length < BUILTIN_FUNCTION_LIMITS.maxDestinations ? (
            <Flex>
              <Button
                type="button"
                variant="soft"
                disabled={disabled}
                onClick={() => setTransfer({ destinations: [...transfer.destinations, BLANK] })}
              >
                {TEXTS.addDestination}
              </Button>
            </Flex>
          ) : null}
          <TextInput
            label={TEXTS.line}
            hint={TEXTS.lineHint}
            value={transfer.transferLine}
            onChange={(transferLine) => setTransfer({ transferLine })}
            disabled={disabled}
          />
        </Flex>
      ) : null}
      <SwitchField
        label={TEXTS.endCall}
        hint={TEXTS.endCallHint}
        checked={settings.endCall.enabled}
        onChange={(enabled) => set({ ...settings, endCall: { enabled } })}
        disabled={disabled}
      />
      <SwitchField
        label={TEXTS.pressDigits}
        hint={TEXTS.pressDigitsHint}
        checked={settings.pressDigits.enabled}
        onChange={(enabled) => set({ ...settings, pressDigits: { enabled } })}
        disabled={disabled}
      />
      <AgentVoicemailField
        value={settings.voicemail}
        onChange={(voicemail) => set({ ...settings, voicemail })}
        disabled={disabled}
      />
    </FormSection>
  );
}
