import { Button, Flex, Text } from '@radix-ui/themes';
import { type ReactNode, useState } from 'react';
import type { Demo } from '../../../shared/types/webchat.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { FormSection } from '../../components/FormSection.js';
import { PlusIcon } from '../../components/icons.js';
import { TextInput } from '../../components/TextInput.js';
import { useToast } from '../../components/ToastProvider.js';
import { useDemos, useWebchatActions, WebchatWriteError } from './api.js';
import { DemoItem } from './DemoItem.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';

const TEXTS = WEBCHAT_TEXTS.demo;

const shown = (error: unknown, fallback: string) => (error instanceof WebchatWriteError ? error.display : fallback);

/** Demo (spec part 2 §2): create demo links of a saved bot, list, copy and delete them. */
export function DemoTab({ webchatId }: { webchatId: string | null }) {
  const demos = useDemos(webchatId ?? undefined);
  const actions = useWebchatActions();
  const toast = useToast();
  const [link, setLink] = useState('');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Demo | null>(null);

  const create = async () => {
    if (!webchatId) return;
    if (link.trim() === '') {
      toast.error(TEXTS.enterLink);
      return;
    }
    setCreating(true);
    try {
      await actions.createDemo(webchatId, link.trim());
      setLink('');
      toast.success(TEXTS.created);
    } catch (error) {
      toast.error(shown(error, TEXTS.createError));
    } finally {
      setCreating(false);
    }
  };

  const remove = async (demo: Demo) => {
    if (!webchatId) return;
    try {
      await actions.deleteDemo(webchatId, demo.id);
      toast.success(TEXTS.deleted);
    } catch (error) {
      toast.error(shown(error, TEXTS.deleteError));
    }
  };

  let list: ReactNode;
  if (!webchatId || (demos.data && demos.data.length === 0))
    list = (
      <Text size="2" color="gray">
        {TEXTS.empty}
      </Text>
    );
  else if (demos.error && !demos.data)
    list = (
      <Text size="2" color="red" role="alert">
        {TEXTS.loadFailed}
      </Text>
    );
  else if (!demos.data)
    list = (
      <Text size="2" color="gray" role="status">
        {TEXTS.loading}
      </Text>
    );
  else
    list = (
      <Flex asChild direction="column" gap="3">
        <ul className="sb-plain-list" aria-label={TEXTS.listHeading}>
          {demos.data.map((demo) => (
            <DemoItem key={demo.id} demo={demo} onDelete={() => setDeleting(demo)} />
          ))}
        </ul>
      </Flex>
    );

  return (
    <Flex direction="column" gap="4">
      <FormSection title={TEXTS.createHeading} description={webchatId ? undefined : TEXTS.newBotHint}>
        {/* Not a nested form: the tab sits inside the bot's form, so Enter is handled here. */}
        <Flex gap="3" align="end" wrap="wrap">
          {/* biome-ignore lint/a11y/noStaticElementInteractions: delegation; Enter bubbles up from the fields inside. */}
          <div
            style={{ flexGrow: 1, minWidth: '12rem' }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              if (link !== '' && webchatId && !creating) void create();
            }}
          >
            <TextInput
              label={TEXTS.linkLabel}
              value={link}
              onChange={setLink}
              placeholder="https://www.example.com"
              disabled={creating}
            />
          </div>
          <Button type="button" onClick={() => void create()} disabled={link === '' || !webchatId || creating}>
            <PlusIcon /> {TEXTS.createButton}
          </Button>
        </Flex>
      </FormSection>
      <FormSection title={TEXTS.listHeading}>{list}</FormSection>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={TEXTS.deleteTitle}
        description={TEXTS.deleteConfirm}
        onConfirm={async () => {
          if (deleting) await remove(deleting);
          setDeleting(null);
        }}
      />
    </Flex>
  );
}
