import { Checkbox, Flex, Grid, Text } from '@radix-ui/themes';
import {
  LEAD_DEFAULT_LABELS,
  LEAD_FIELD_KEYS,
  LEAD_LIMITS,
  type LeadCapture,
  type LeadCaptureWhen,
  type LeadField,
  type LeadFieldKey,
} from '../../../shared/leadCapture.js';
import { FormSection } from '../../components/FormSection.js';
import { SelectField } from '../../components/SelectField.js';
import { TextInput } from '../../components/TextInput.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';

export interface LeadCaptureSectionProps {
  value: LeadCapture;
  onChange: (value: LeadCapture) => void;
  error?: string | undefined;
  disabled?: boolean;
}

const TEXTS = WEBCHAT_TEXTS.leadCapture;
const WHEN_OPTIONS: { value: LeadCaptureWhen; label: string }[] = [
  { value: 'before_chat', label: TEXTS.whenBefore },
  { value: 'after_messages', label: TEXTS.whenAfter },
  { value: 'on_request', label: TEXTS.whenAsked },
];

/**
 * Lead capture on the Behaviour tab (issue 25): on or off, when the form shows, which fields it
 * asks (the four built-in ones, and up to three custom texts named by their label), each required
 * or not, and its optional intro and button text. The preview beside the tab shows the form.
 */
export function LeadCaptureSection({ value, onChange, error, disabled }: LeadCaptureSectionProps) {
  const set = (patch: Partial<LeadCapture>) => onChange({ ...value, ...patch });
  const fieldOf = (key: LeadFieldKey) => value.fields.find((f) => f.key === key);
  const setField = (key: LeadFieldKey, next: LeadField | null) => {
    const others = value.fields.filter((f) => f.key !== key);
    const fields = next ? [...others, next] : others;
    set({ fields: fields.sort((a, b) => LEAD_FIELD_KEYS.indexOf(a.key) - LEAD_FIELD_KEYS.indexOf(b.key)) });
  };
  const { min, max } = LEAD_LIMITS.afterMessages;
  return (
    <FormSection title={TEXTS.section} description={TEXTS.description}>
      {/* A checkbox, not a switch: the page's one switch is the bot's Active. */}
      <Text as="label" size="2" weight="medium">
        <Flex gap="2" align="center">
          <Checkbox
            checked={value.enabled}
            onCheckedChange={(checked) => set({ enabled: checked === true })}
            disabled={disabled}
          />
          {TEXTS.enabled}
        </Flex>
      </Text>
      {value.enabled ? (
        <>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4" align="start">
            <SelectField
              label={TEXTS.when}
              value={value.when}
              options={WHEN_OPTIONS}
              onChange={(when) => set({ when })}
              disabled={disabled}
              hint={value.when === 'on_request' ? TEXTS.whenAskedHint : undefined}
            />
            {value.when === 'after_messages' ? (
              <TextInput
                label={TEXTS.afterMessages}
                inputMode="numeric"
                hint={`${min}–${max}`}
                value={String(value.after_messages)}
                onChange={(text) => {
                  const n = Number(text.replace(/\D+/g, '')) || min;
                  set({ after_messages: Math.min(Math.max(n, min), max) });
                }}
                disabled={disabled}
              />
            ) : null}
          </Grid>
          <Flex direction="column" gap="2" role="group" aria-label={TEXTS.fields}>
            <Text size="2" weight="medium">
              {TEXTS.fields}
            </Text>
            {LEAD_FIELD_KEYS.map((key) => (
              <FieldRow
                key={key}
                fieldKey={key}
                field={fieldOf(key)}
                onChange={(next) => setField(key, next)}
                disabled={disabled}
              />
            ))}
            {error ? (
              <Text size="1" color="red" role="alert">
                {error}
              </Text>
            ) : null}
          </Flex>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4" align="start">
            <TextInput
              label={TEXTS.intro}
              hint={TEXTS.introHint}
              value={value.intro}
              onChange={(intro) => set({ intro: intro.slice(0, LEAD_LIMITS.introMaxChars) })}
              disabled={disabled}
            />
            <TextInput
              label={TEXTS.submitLabel}
              placeholder="Send"
              value={value.submit_label}
              onChange={(label) => set({ submit_label: label.slice(0, LEAD_LIMITS.submitLabelMaxChars) })}
              disabled={disabled}
            />
          </Grid>
        </>
      ) : null}
    </FormSection>
  );
}

interface FieldRowProps {
  fieldKey: LeadFieldKey;
  field: LeadField | undefined;
  onChange: (next: LeadField | null) => void;
  disabled?: boolean | undefined;
}

/** A built-in field: ask it or not, required or not. A custom one is asked while it has a label. */
function FieldRow({ fieldKey, field, onChange, disabled }: FieldRowProps) {
  const custom = fieldKey.startsWith('custom');
  const name = LEAD_DEFAULT_LABELS[fieldKey] || `${TEXTS.custom} ${fieldKey.slice(-1)}`;
  const required = (
    <Text as="label" size="2">
      <Flex gap="2" align="center">
        <Checkbox
          checked={field?.required ?? false}
          disabled={disabled || !field}
          onCheckedChange={(checked) => field && onChange({ ...field, required: checked === true })}
        />
        {TEXTS.required}
      </Flex>
    </Text>
  );
  if (custom) {
    return (
      <Grid columns="1fr auto" gap="3" align="end">
        <TextInput
          label={name}
          placeholder={TEXTS.customPlaceholder}
          value={field?.label ?? ''}
          onChange={(label) => {
            const text = label.slice(0, LEAD_LIMITS.labelMaxChars);
            onChange(text.trim() ? { key: fieldKey, label: text, required: field?.required ?? false } : null);
          }}
          disabled={disabled}
        />
        <Flex pb="2">{required}</Flex>
      </Grid>
    );
  }
  return (
    <Flex gap="5" align="center" wrap="wrap">
      <Text as="label" size="2" weight="medium" style={{ minWidth: '7rem' }}>
        <Flex gap="2" align="center">
          <Checkbox
            checked={!!field}
            disabled={disabled}
            onCheckedChange={(checked) =>
              onChange(checked === true ? { key: fieldKey, label: '', required: false } : null)
            }
          />
          {name}
        </Flex>
      </Text>
      {required}
    </Flex>
  );
}
