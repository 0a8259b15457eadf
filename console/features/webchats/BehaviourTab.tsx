import { Box, Callout, Flex, Grid, Text } from '@radix-ui/themes';
import { useMemo } from 'react';
import { WEBCHAT_LIMITS, WEBCHAT_MODELS } from '../../../shared/defaults.js';
import { bindField } from '../../components/bindField.js';
import { FieldFrame } from '../../components/FieldFrame.js';
import { FormSection } from '../../components/FormSection.js';
import { KeepHistoryField } from '../../components/KeepHistoryField.js';
import { SelectField } from '../../components/SelectField.js';
import { SwitchField } from '../../components/SwitchField.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { TextInput, type TextInputProps } from '../../components/TextInput.js';
import { LeadCaptureSection } from './LeadCaptureSection.js';
import { ToolsSelect } from './ToolsSelect.js';
import type { TestChatPost } from './testChat.js';
import type { WebchatFormBinding } from './useWebchatEditor.js';
import { WidgetPreview } from './WidgetPreview.js';
import { digitsOnly, filledLines, previewAppearance } from './webchatForm.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';

const MODEL_LABELS: Record<string, string> = {
  'gpt-4o-mini': 'gpt-4o-mini (faster, cheaper)',
  'gpt-4o': 'gpt-4o (more capable)',
};

export interface BehaviourTabProps extends WebchatFormBinding {
  /** A saved bot's test chat (issue 20): the preview beside the fields answers with them. */
  testChat?: TestChatPost | null;
  /** The saved appearance, for a colour still being typed on the other tab. */
  saved?: WebchatFormBinding['values']['appearance'];
}

/**
 * Bot Behaviour (spec part 2 §2): every field of the bot's conduct; for a saved bot, the test
 * chat beside them (below on phones), so a prompt can be tried as it is written.
 */
export function BehaviourTab({ testChat, saved, ...form }: BehaviourTabProps) {
  const fields = <BehaviourFields {...form} />;
  const { appearance } = form.values;
  const shown = useMemo(() => previewAppearance(appearance, saved ?? appearance), [appearance, saved]);
  const lines = form.values.starter_questions;
  const starterQuestions = useMemo(() => filledLines(lines), [lines]);
  if (!testChat) return fields;
  return (
    <Grid columns={{ initial: '1', md: '2' }} gap="4" align="start">
      <Box minWidth="0">{fields}</Box>
      <Box className="sb-preview-column">
        <WidgetPreview
          appearance={shown}
          welcomeMessage={form.values.welcome_message}
          starterQuestions={starterQuestions}
          leadCapture={form.values.lead_capture}
          testChat={testChat}
          initialContent="chat"
        />
      </Box>
    </Grid>
  );
}

function BehaviourFields(form: WebchatFormBinding) {
  const { values, set, errors, disabled } = form;
  // A model set through the API (any name a compatible provider serves) stays selectable.
  const models = [...new Set<string>([...WEBCHAT_MODELS, values.model])].map((value) => ({
    value,
    label: MODEL_LABELS[value] ?? value,
  }));
  const { min, max, step } = WEBCHAT_LIMITS.temperature;
  return (
    <Flex direction="column" gap="4">
      <FormSection title="Identity">
        <Grid columns={{ initial: '1', sm: '2' }} gap="4" align="start">
          <TextInput label="Bot Name" required error={errors.name} {...bindField(form, 'name')} />
          <SelectField label="Model" options={models} {...bindField(form, 'model')} />
        </Grid>
        <TextAreaField
          label="Description"
          required
          rows={2}
          error={errors.description}
          {...bindField(form, 'description')}
        />
      </FormSection>
      <FormSection title="Conversation">
        <TextAreaField
          label="System Prompt"
          rows={5}
          hint="How the bot behaves. {{NAME}} is replaced by your custom value NAME."
          {...bindField(form, 'system_prompt')}
        />
        <TextAreaField
          label="Welcome Message"
          rows={2}
          hint="The first message a visitor sees."
          {...bindField(form, 'welcome_message')}
        />
        <TextAreaField
          label={WEBCHAT_TEXTS.starterQuestions.label}
          rows={3}
          hint={WEBCHAT_TEXTS.starterQuestions.hint}
          error={errors.starter_questions}
          {...bindField(form, 'starter_questions')}
        />
        <SwitchField
          label={WEBCHAT_TEXTS.talkToPerson.label}
          hint={WEBCHAT_TEXTS.talkToPerson.hint}
          checked={form.values.talk_to_person}
          disabled={form.disabled}
          onChange={(checked) => set('talk_to_person', checked)}
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
        <ToolsSelect {...bindField(form, 'tools')} />
        <Grid columns={{ initial: '1', sm: '2' }} gap="4" align="start">
          <NumberText
            label="Tool Recursion Depth"
            hint="1-100"
            error={errors.tool_recursion_depth}
            {...bindField(form, 'tool_recursion_depth')}
          />
          <NumberText
            label="Short-term Retention (seconds)"
            hint="The bot’s memory: how far back it sees earlier messages of a conversation, and what a visitor gets back on reload. 0: no memory between messages."
            error={errors.short_term_messages_retention_period}
            {...bindField(form, 'short_term_messages_retention_period')}
          />
          <KeepHistoryField
            hint="How long conversations stay on the Conversations tab, in search and in exports. Don’t keep deletes each once it ends."
            {...bindField(form, 'keep_history_days')}
          />
        </Grid>
      </FormSection>
      <LeadCaptureSection
        value={values.lead_capture}
        onChange={(next) => set('lead_capture', next)}
        error={errors.lead_capture}
        disabled={disabled}
      />
      <FormSection title={WEBCHAT_TEXTS.allowedSites.section}>
        <TextAreaField
          label={WEBCHAT_TEXTS.allowedSites.label}
          rows={3}
          hint={WEBCHAT_TEXTS.allowedSites.hint}
          error={errors.allowed_sites}
          {...bindField(form, 'allowed_sites')}
        />
        {filledLines(values.allowed_sites).length === 0 ? (
          <Callout.Root color="amber" size="1">
            <Callout.Text>{WEBCHAT_TEXTS.allowedSites.anySite}</Callout.Text>
          </Callout.Root>
        ) : null}
      </FormSection>
    </Flex>
  );
}

type NumberTextProps = Omit<TextInputProps, 'inputMode'>;

/** An integer field that takes digits only (spec part 2 §5); empty stays empty. */
function NumberText({ onChange, ...props }: NumberTextProps) {
  return <TextInput {...props} inputMode="numeric" onChange={(value) => onChange(digitsOnly(value))} />;
}
