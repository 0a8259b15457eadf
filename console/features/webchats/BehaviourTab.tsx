import { Flex, Grid, Text, TextField } from '@radix-ui/themes';
import { WEBCHAT_LIMITS, WEBCHAT_MODELS } from '../../../shared/defaults.js';
import { FieldFrame } from '../../components/FieldFrame.js';
import { FormSection } from '../../components/FormSection.js';
import { KeepHistoryField } from '../../components/KeepHistoryField.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { TextInput } from '../../components/TextInput.js';
import { SelectField } from '../../components/SelectField.js';
import { ToolsSelect } from './ToolsSelect.js';
import type { WebchatFormBinding } from './useWebchatEditor.js';
import { digitsOnly } from './webchatForm.js';

const MODEL_LABELS: Record<string, string> = {
  'gpt-4o-mini': 'gpt-4o-mini (faster, cheaper)',
  'gpt-4o': 'gpt-4o (more capable)',
};

/** Bot Behaviour (spec part 2 §2): every field of the bot's conduct. */
export function BehaviourTab({ values, set, errors, disabled }: WebchatFormBinding) {
  // A model set through the API (any name a compatible provider serves) stays selectable.
  const models = [...new Set<string>([...WEBCHAT_MODELS, values.model])].map((value) => ({ value, label: MODEL_LABELS[value] ?? value }));
  const { min, max, step } = WEBCHAT_LIMITS.temperature;
  return (
    <Flex direction="column" gap="4">
      <FormSection title="Identity">
        <Grid columns={{ initial: '1', sm: '2' }} gap="4" align="start">
          <TextInput label="Bot Name" required value={values.name} onChange={(v) => set('name', v)} error={errors.name} disabled={disabled} />
          <SelectField label="Model" value={values.model} options={models} onChange={(v) => set('model', v)} disabled={disabled} />
        </Grid>
        <TextAreaField
          label="Description"
          required
          rows={2}
          value={values.description}
          onChange={(v) => set('description', v)}
          error={errors.description}
          disabled={disabled}
        />
      </FormSection>
      <FormSection title="Conversation">
        <TextAreaField
          label="System Prompt"
          rows={5}
          value={values.system_prompt}
          onChange={(v) => set('system_prompt', v)}
          hint="How the bot behaves. {{NAME}} is replaced by your custom value NAME."
          disabled={disabled}
        />
        <TextAreaField
          label="Welcome Message"
          rows={2}
          value={values.welcome_message}
          onChange={(v) => set('welcome_message', v)}
          hint="The first message a visitor sees."
          disabled={disabled}
        />
        <FieldFrame label="Temperature" hint="Lower is more focused, higher more varied (0 to 2).">
          {(control) => (
            <Flex gap="3" align="center">
              {/* A native range: labelled by the field's <label>, arrow keys step by 0.1. */}
              <input
                {...control}
                type="range"
                className="sb-range"
                min={min}
                max={max}
                step={step}
                value={values.temperature}
                onChange={(event) => set('temperature', Math.round(Number(event.target.value) * 10) / 10)}
                disabled={disabled}
              />
              <Text asChild size="2" weight="medium" className="sb-range-value">
                <output htmlFor={control.id}>{values.temperature.toFixed(1)}</output>
              </Text>
            </Flex>
          )}
        </FieldFrame>
      </FormSection>
      <FormSection title="Tools and memory">
        <ToolsSelect value={values.tools} onChange={(tools) => set('tools', tools)} disabled={disabled} />
        <Grid columns={{ initial: '1', sm: '2' }} gap="4" align="start">
          <NumberText
            label="Tool Recursion Depth"
            value={values.tool_recursion_depth}
            onChange={(v) => set('tool_recursion_depth', v)}
            hint="1-100"
            error={errors.tool_recursion_depth}
            disabled={disabled}
          />
          <NumberText
            label="Short-term Retention (seconds)"
            value={values.short_term_messages_retention_period}
            onChange={(v) => set('short_term_messages_retention_period', v)}
            hint="The bot’s memory: how far back it sees earlier messages of a conversation, and what a visitor gets back on reload. 0: no memory between messages."
            error={errors.short_term_messages_retention_period}
            disabled={disabled}
          />
          <KeepHistoryField
            value={values.keep_history_days}
            onChange={(v) => set('keep_history_days', v)}
            hint="How long conversations stay on the Conversations tab, in search and in exports. Don’t keep deletes each once it ends."
            disabled={disabled}
          />
        </Grid>
      </FormSection>
    </Flex>
  );
}

interface NumberTextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint: string;
  error: string | undefined;
  disabled: boolean;
}

/** An integer field that takes digits only (spec part 2 §5); empty stays empty. */
function NumberText({ label, value, onChange, hint, error, disabled }: NumberTextProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <TextField.Root
          {...control}
          inputMode="numeric"
          value={value}
          onChange={(event) => onChange(digitsOnly(event.target.value))}
          disabled={disabled}
          color={error ? 'red' : undefined}
        />
      )}
    </FieldFrame>
  );
}
