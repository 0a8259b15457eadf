import { Box, Flex, Tabs } from '@radix-ui/themes';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Webchat } from '../../../shared/types/webchat.js';
import { useUnsavedChanges } from '../../app/UnsavedChangesProvider.js';
import { AnalysisSettingsSection } from '../../components/analysis/AnalysisSettingsSection.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { AppearanceTab } from './AppearanceTab.js';
import { BehaviourTab } from './BehaviourTab.js';
import { ConversationsTab } from './conversations/ConversationsTab.js';
import { DemoTab } from './DemoTab.js';
import { IntegrationScriptPanel } from './IntegrationScriptPanel.js';
import { KnowledgeBaseTab } from './KnowledgeBaseTab.js';
import { isDocument } from './knowledge.js';
import { LeadsTab } from './leads/LeadsTab.js';
import { useTestChatPost } from './testChat.js';
import { useCrawl } from './useCrawl.js';
import { useDocuments } from './useDocuments.js';
import { useSummarize } from './useSummarize.js';
import { useWebchatEditor } from './useWebchatEditor.js';
import { WebchatPageHeader } from './WebchatPageHeader.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';

const TABS = ['behaviour', 'appearance', 'knowledge', 'demo', 'conversations', 'leads'] as const;
type Tab = (typeof TABS)[number];
/** Tabs that only read (nothing to save or delete from there). */
const READ_ONLY_TABS: readonly Tab[] = ['conversations', 'leads'];
/** A bot not yet created has had no conversations, nor leads. */
const NEW_BOT_TABS: readonly Tab[] = TABS.filter((tab) => !READ_ONLY_TABS.includes(tab));

/** The tab lives in the address (`?tab=appearance`), so a reload or a shared link keeps it. */
function useTab(tabs: readonly Tab[]): [Tab, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get('tab');
  const tab = (tabs as readonly string[]).includes(current ?? '') ? (current as Tab) : 'behaviour';
  const select = (next: string) => setParams(next === 'behaviour' ? {} : { tab: next }, { replace: true });
  return [tab, select];
}

export interface WebchatEditorProps {
  /** The loaded bot, or null for a new one. */
  bot: Webchat | null;
}

/** The bot page's form: header, the spec's four tabs and Conversations (issue 11), the integration script and the delete dialog. */
export function WebchatEditor({ bot }: WebchatEditorProps) {
  const editor = useWebchatEditor(bot);
  const userId = useEffectiveUserId();
  const tabs = bot ? TABS : NEW_BOT_TABS;
  const [tab, setTab] = useTab(tabs);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused save, the first invalid field of the tab just opened gets focus. The tab lives
  // in the address and Radix mounts a panel's content in a commit of its own, so the field is looked
  // for over the next few frames.
  const focusFirstInvalid = () => {
    let tries = 0;
    const look = () => {
      const field = formRef.current?.querySelector<HTMLElement>(
        '[role="tabpanel"][data-state="active"] [aria-invalid="true"]',
      );
      if (field) field.focus();
      else {
        tries += 1;
        if (tries < 20) requestAnimationFrame(look);
      }
    };
    requestAnimationFrame(look);
  };
  const { values, set, updateKnowledge } = editor.binding;
  const testChat = useTestChatPost(bot?.id ?? null, values);
  // Here, not in the tab: a crawl or summary goes on while another tab is open.
  const crawl = useCrawl(values.knowledge.site_url, updateKnowledge);
  const summarizer = useSummarize(updateKnowledge);
  const documents = useDocuments(values.knowledge.pages.filter(isDocument).length, updateKnowledge);
  // Leaving mid-crawl, mid-summary or mid-upload would lose its result as surely as unsaved edits.
  useUnsavedChanges(editor.dirty || crawl.running !== null || summarizer.summarizing || documents.busy);

  return (
    <>
      <form
        aria-label={bot ? WEBCHAT_TEXTS.settingsTitle : WEBCHAT_TEXTS.newTitle}
        noValidate
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          if (editor.locked) return;
          void editor.save().then((refused) => {
            if (!refused) return;
            setTab(refused.invalidTab);
            focusFirstInvalid();
          });
        }}
      >
        <Flex direction="column" gap="4">
          <WebchatPageHeader
            bot={bot}
            name={editor.loaded.name}
            enabled={values.enabled}
            onEnabledChange={(enabled) => set('enabled', enabled)}
            saving={editor.saving}
            locked={editor.locked}
            onDelete={() => setConfirmingDelete(true)}
            readOnly={READ_ONLY_TABS.includes(tab)}
          />
          {bot ? <IntegrationScriptPanel webchatId={bot.id} /> : null}
          <Tabs.Root value={tab} onValueChange={setTab}>
            <Tabs.List wrap="wrap">
              {tabs.map((key) => (
                <Tabs.Trigger key={key} value={key}>
                  {WEBCHAT_TEXTS.tabs[key]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Box pt="4">
              <Tabs.Content value="behaviour">
                <BehaviourTab {...editor.binding} saved={editor.loaded.appearance} testChat={testChat} />
              </Tabs.Content>
              <Tabs.Content value="appearance">
                <AppearanceTab {...editor.binding} saved={editor.loaded.appearance} testChat={testChat} />
              </Tabs.Content>
              <Tabs.Content value="knowledge">
                <KnowledgeBaseTab
                  {...editor.binding}
                  crawl={crawl}
                  summarizer={summarizer}
                  documents={documents}
                  webchatId={bot?.id ?? null}
                />
              </Tabs.Content>
              <Tabs.Content value="demo">
                <DemoTab webchatId={bot?.id ?? null} />
              </Tabs.Content>
              {bot ? (
                <Tabs.Content value="conversations">
                  <ConversationsTab webchatId={bot.id} botName={bot.name} />
                </Tabs.Content>
              ) : null}
              {bot ? (
                <Tabs.Content value="leads">
                  <LeadsTab webchatId={bot.id} />
                </Tabs.Content>
              ) : null}
            </Box>
          </Tabs.Root>
        </Flex>
      </form>
      {/* On Bot Behaviour, below the bot's own form (forms do not nest), once the bot exists. */}
      {bot && tab === 'behaviour' ? <AnalysisSettingsSection source="webchats" id={bot.id} userId={userId} /> : null}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={WEBCHAT_TEXTS.deleteTitle}
        description={WEBCHAT_TEXTS.deleteConfirm}
        onConfirm={async () => {
          await editor.remove();
          setConfirmingDelete(false);
        }}
      />
    </>
  );
}
