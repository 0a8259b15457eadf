import { Button, Flex, SegmentedControl, Text } from '@radix-ui/themes';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LeadCapture } from '../../../shared/leadCapture.js';
import type { Appearance } from '../../../shared/types/webchat.js';
import type { ChatWidgetHandle, WidgetMessage } from '../../../shared/types/widget.js';
import { LoadingState } from '../../components/LoadingState.js';
import type { TestChatPost } from './testChat.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';
import { useWidgetModule } from './widgetModule.js';

export interface WidgetPreviewProps {
  appearance: Appearance;
  welcomeMessage: string;
  /** Shown under the welcome message until the first message; none by default. */
  starterQuestions?: string[];
  /** The contact form (issue 25), shown at once while on. */
  leadCapture?: LeadCapture;
  /** A saved bot's test chat (issue 20); without one the preview shows samples only. */
  testChat?: TestChatPost | null;
  /** What the preview shows first: sample bubbles, or the test chat. */
  initialContent?: PreviewContent;
}

type Device = 'desktop' | 'phone';
type View = 'chat' | 'launcher';
export type PreviewContent = 'sample' | 'chat';

const TEXTS = WEBCHAT_TEXTS.testChat;
const NO_QUESTIONS: string[] = [];

const SAMPLE_MESSAGES: WidgetMessage[] = [
  { id: 'sample-user', role: 'user', text: 'Hi! Do you ship to Canada?' },
  { id: 'sample-assistant', role: 'assistant', text: 'Yes, we ship to Canada. Delivery takes 3 to 5 business days.' },
  { id: 'sample-system', role: 'system', text: 'This is a preview: messages are samples.' },
];

/**
 * The live preview (spec part 2 §2 Appearance tab, issue 8): the real widget module mounted in
 * preview mode, restyled through `update()` on every change without remounting, in a desktop or
 * phone frame, showing the open chat or the launcher (with the ad message when that is on). For a
 * saved bot it can also be the test chat (issue 20): the same widget answering with the page's
 * unsaved settings. Switching content, or New conversation, mounts it afresh.
 */
export function WidgetPreview({
  appearance,
  welcomeMessage,
  starterQuestions = NO_QUESTIONS,
  leadCapture,
  testChat,
  initialContent,
}: WidgetPreviewProps) {
  const widget = useWidgetModule();
  const mountPoint = useRef<HTMLDivElement>(null);
  const handle = useRef<ChatWidgetHandle | null>(null);
  const [device, setDevice] = useState<Device>('desktop');
  const [view, setView] = useState<View>('chat');
  const post = testChat ?? null;
  const [content, setContent] = useState<PreviewContent>(initialContent ?? 'sample');
  const chatting = content === 'chat' && post !== null;
  const [round, setRound] = useState(0);
  // The first values mount the widget; later ones go through update(), so read them from a ref.
  const latest = useRef({ appearance, welcomeMessage, starterQuestions, leadCapture, view });
  latest.current = { appearance, welcomeMessage, starterQuestions, leadCapture, view };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is New conversation: a fresh mount is a fresh conversation.
  useEffect(() => {
    if (widget.status !== 'ready' || !mountPoint.current) return;
    const current = latest.current;
    const mounted = widget.module.mountChatWidget(mountPoint.current, {
      appearance: current.appearance,
      welcomeMessage: current.welcomeMessage,
      starterQuestions: current.starterQuestions,
      leadCapture: current.leadCapture?.enabled ? current.leadCapture : null,
      preview: true,
      ...(chatting ? { testChat: { post } } : { messages: SAMPLE_MESSAGES }),
      onOpenChange: (open) => setView(open ? 'chat' : 'launcher'),
    });
    if (current.view === 'launcher') mounted.close();
    else mounted.open();
    handle.current = mounted;
    return () => {
      handle.current = null;
      mounted.destroy();
    };
  }, [widget, chatting, post, round]);

  // Layout effects: the restyle lands in the same frame as the keystroke that caused it.
  useLayoutEffect(() => handle.current?.update(appearance), [appearance]);
  useLayoutEffect(() => handle.current?.setWelcomeMessage(welcomeMessage), [welcomeMessage]);
  useLayoutEffect(() => handle.current?.setStarterQuestions(starterQuestions), [starterQuestions]);
  useLayoutEffect(() => handle.current?.setLeadCapture(leadCapture?.enabled ? leadCapture : null), [leadCapture]);

  const showView = (next: string) => {
    setView(next === 'launcher' ? 'launcher' : 'chat');
    if (next === 'launcher') handle.current?.close();
    else handle.current?.open();
  };

  const showContent = (next: string) => {
    setContent(next === 'chat' ? 'chat' : 'sample');
    // The test chat is typed into: open it.
    if (next === 'chat') setView('chat');
  };

  return (
    <Flex direction="column" gap="3" aria-label="Live preview" role="region">
      <Flex justify="between" align="center" gap="2" wrap="wrap">
        <Text size="2" weight="medium">
          Live preview
        </Text>
        <Flex gap="2" wrap="wrap">
          {post ? (
            <SegmentedControl.Root value={content} onValueChange={showContent} size="1" aria-label={TEXTS.modeLabel}>
              <SegmentedControl.Item value="sample">{TEXTS.sample}</SegmentedControl.Item>
              <SegmentedControl.Item value="chat">{TEXTS.chat}</SegmentedControl.Item>
            </SegmentedControl.Root>
          ) : null}
          <SegmentedControl.Root value={view} onValueChange={showView} size="1" aria-label="Preview state">
            <SegmentedControl.Item value="chat">Chat open</SegmentedControl.Item>
            <SegmentedControl.Item value="launcher">
              {appearance.is_ad_message ? 'Ad message' : 'Launcher'}
            </SegmentedControl.Item>
          </SegmentedControl.Root>
          <SegmentedControl.Root
            value={device}
            onValueChange={(next) => setDevice(next === 'phone' ? 'phone' : 'desktop')}
            size="1"
            aria-label="Preview frame"
          >
            <SegmentedControl.Item value="desktop">Desktop</SegmentedControl.Item>
            <SegmentedControl.Item value="phone">Phone</SegmentedControl.Item>
          </SegmentedControl.Root>
        </Flex>
      </Flex>
      <div className="sb-preview-stage">
        <div className="sb-preview-frame" data-device={device} data-testid="widget-preview-frame">
          {widget.status === 'loading' ? <LoadingState label="Loading preview..." /> : null}
          {widget.status === 'failed' ? (
            <Flex p="4" justify="center">
              <Text size="2" color="gray" role="status">
                The preview could not be loaded. Build the widget (npm run build) and reload.
              </Text>
            </Flex>
          ) : null}
          <div ref={mountPoint} className="sb-preview-mount" data-testid="widget-preview" />
        </div>
      </div>
      {chatting ? (
        <Flex gap="3" align="start" justify="between" wrap="wrap">
          <Text size="1" color="gray" className="sb-preview-note">
            {TEXTS.note}
          </Text>
          <Button type="button" size="1" variant="soft" onClick={() => setRound((n) => n + 1)}>
            {TEXTS.newConversation}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
