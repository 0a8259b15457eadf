import { Flex, Switch, Text } from '@radix-ui/themes';

export interface SwitchFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  disabled?: boolean;
}

/** A switch inside its label, so the label names it and clicking the text toggles it. */
export function SwitchField({ label, checked, onChange, hint, disabled }: SwitchFieldProps) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium">
        <Flex gap="2" align="center">
          <Switch checked={checked} onCheckedChange={onChange} disabled={disabled} />
          {label}
        </Flex>
      </Text>
      {hint ? (
        <Text size="1" color="gray">
          {hint}
        </Text>
      ) : null}
    </Flex>
  );
}
