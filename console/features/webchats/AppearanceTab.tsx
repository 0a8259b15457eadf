import { Box, Flex, Grid } from '@radix-ui/themes';
import { useMemo } from 'react';
import { WEBCHAT_LIMITS } from '../../../shared/defaults.js';
import type { Appearance } from '../../../shared/types/webchat.js';
import { FormSection } from '../../components/FormSection.js';
import { SwitchField } from '../../components/SwitchField.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { TextInput } from '../../components/TextInput.js';
import { AvatarField } from './AvatarField.js';
import { ColorField } from './ColorField.js';
import type { TestChatPost } from './testChat.js';
import type { WebchatFormBinding } from './useWebchatEditor.js';
import { WidgetPreview } from './WidgetPreview.js';
import { previewAppearance } from './webchatForm.js';

type ColorKey = { [K in keyof Appearance]: Appearance[K] extends string ? K : never }[keyof Appearance];

const GROUPS: { title: string; fields: [ColorKey, string][] }[] = [
  {
    title: 'Main Colors',
    fields: [
      ['primary_color', 'Primary Color'],
      ['secondary_color', 'Secondary Color'],
      ['background_color', 'Background Color'],
    ],
  },
  {
    title: 'Message Bubble Colors',
    fields: [
      ['user_message_color', 'User Message'],
      ['assistant_message_color', 'Assistant Message'],
      ['system_message_color', 'System Message'],
    ],
  },
  {
    title: 'Text Colors',
    fields: [
      ['user_message_text_color', 'User Text'],
      ['assistant_message_text_color', 'Assistant Text'],
    ],
  },
];

const AD_COLORS: [ColorKey, string][] = [
  ['ad_background', 'Ad Background'],
  ['ad_text_color', 'Ad Text Color'],
  ['ad_btn_color', 'Ad Button Color'],
];

export interface AppearanceTabProps extends WebchatFormBinding {
  /** The saved appearance: what the preview keeps for a colour still being typed. */
  saved: Appearance;
  /** A saved bot's test chat, which the preview can switch to. */
  testChat?: TestChatPost | null;
}

/** Bot Appearance (spec part 2 §2): every field, with the live widget preview beside (below on phones). */
export function AppearanceTab({ values, setAppearance: change, disabled, saved, testChat }: AppearanceTabProps) {
  const appearance = values.appearance;
  const shown = useMemo(() => previewAppearance(appearance, saved), [appearance, saved]);
  const colorField = ([key, label]: [ColorKey, string]) => (
    <ColorField key={key} name={key} label={label} value={appearance[key]} onChange={change} disabled={disabled} />
  );

  return (
    <Grid columns={{ initial: '1', md: '2' }} gap="4" align="start">
      <Flex direction="column" gap="4" minWidth="0">
        {GROUPS.map((group) => (
          <FormSection key={group.title} title={group.title}>
            <Grid columns={{ initial: '1', sm: '2' }} gap="3">
              {group.fields.map(colorField)}
            </Grid>
          </FormSection>
        ))}
        <FormSection title="Chat Window">
          <TextInput
            label="Chat Title"
            value={appearance.chat_title}
            onChange={(v) => change('chat_title', v.slice(0, WEBCHAT_LIMITS.text.chatTitle))}
            disabled={disabled}
          />
          <AvatarField
            value={appearance.avatar_image}
            onChange={(v) => change('avatar_image', v)}
            disabled={disabled}
          />
        </FormSection>
        <FormSection
          title="Advertisement"
          description="Shows a short message beside the launcher; its button opens the chat."
        >
          <SwitchField
            label="Show as Ad Message"
            checked={appearance.is_ad_message}
            onChange={(v) => change('is_ad_message', v)}
            disabled={disabled}
          />
          <TextAreaField
            label="Advertisement Message"
            rows={2}
            value={appearance.ad_message}
            onChange={(v) => change('ad_message', v.slice(0, WEBCHAT_LIMITS.text.adMessage))}
            disabled={disabled}
          />
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            {AD_COLORS.map(colorField)}
          </Grid>
        </FormSection>
      </Flex>
      <Box className="sb-preview-column">
        <WidgetPreview appearance={shown} welcomeMessage={values.welcome_message} testChat={testChat} />
      </Box>
    </Grid>
  );
}
