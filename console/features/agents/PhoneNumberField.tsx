import { Flex, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router-dom';
import { formatPhone } from '../../../shared/format.js';
import { SelectField, type SelectOption } from '../../components/SelectField.js';
import { AGENT_TEXTS } from './agentTexts.js';
import { PhoneNumbersError, useAssociations, usePhoneNumbers } from './api.js';

/** Radix Select items cannot have an empty value, so 'None' gets a value of its own. */
const NONE = '__none__';

export interface PhoneNumberFieldProps {
  agentId: string;
  value: string | null;
  /** The number the agent had when loaded: offered even if Twilio's list did not load. */
  loadedNumber: string | null;
  onChange: (phoneNumber: string | null) => void;
  disabled?: boolean;
}

/** The agent's number, chosen from the Twilio account's numbers (spec part 1 §2, §4). */
export function PhoneNumberField({ agentId, value, loadedNumber, onChange, disabled }: PhoneNumberFieldProps) {
  const numbers = usePhoneNumbers();
  const associations = useAssociations();

  const available = new Set(numbers.data ?? []);
  for (const extra of [loadedNumber, value]) if (extra) available.add(extra);
  const options: SelectOption<string>[] = [
    { value: NONE, label: 'None' },
    ...[...available].map((number) => ({ value: number, label: formatPhone(number) })),
  ];

  const holder = value ? associations.data?.find((a) => a.phoneNumber === value && a.agentId !== agentId) : undefined;
  const failure = numbers.error instanceof PhoneNumbersError ? numbers.error : null;

  return (
    <Flex direction="column" gap="1">
      <SelectField
        label="Phone Number"
        value={value ?? NONE}
        options={options}
        onChange={(next) => onChange(next === NONE ? null : next)}
        disabled={disabled}
        hint={holder ? AGENT_TEXTS.assignedTo(holder.agentName ?? holder.agentId) : undefined}
      />
      {failure ? (
        <Text size="1" color="amber" role="note">
          {failure.missingCredentials ? AGENT_TEXTS.twilioCredentialsMissing : failure.message}{' '}
          <Link asChild size="1">
            <RouterLink to="/settings">Open Settings</RouterLink>
          </Link>
        </Text>
      ) : null}
    </Flex>
  );
}
