import { Button, Flex, IconButton } from '@radix-ui/themes';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { PlusIcon } from '../../components/icons.js';
import { LoadingState } from '../../components/LoadingState.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useWebchatActions, useWebchats } from './api.js';
import { useWebchatActivity } from './useWebchatActivity.js';
import { webchatPath } from './useWebchatEditor.js';
import { WebchatCard } from './WebchatCard.js';
import { defaultBotInput } from './webchatForm.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';
import '../../components/cardList.css';

/** The web chat bot list (/webchats, spec part 2 §2 "Web chat list"). */
export function WebchatsPage() {
  useDocumentTitle(WEBCHAT_TEXTS.listHeading);
  const bots = useWebchats();
  useWebchatActivity();
  const { create } = useWebchatActions();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [createFailed, setCreateFailed] = useState(false);

  // Create Bot makes the spec's default bot at once and opens it (part 2 §7).
  const createDefault = async () => {
    setCreating(true);
    setCreateFailed(false);
    try {
      const bot = await create(defaultBotInput());
      navigate(webchatPath(bot.id));
    } catch {
      setCreateFailed(true);
      setCreating(false);
    }
  };

  let body: ReactNode;
  if (bots.error) body = <ErrorCallout>{WEBCHAT_TEXTS.loadFailed}</ErrorCallout>;
  else if (!bots.data) body = <LoadingState label={WEBCHAT_TEXTS.loadingList} />;
  else if (bots.data.length === 0)
    body = (
      <EmptyState
        title={WEBCHAT_TEXTS.emptyTitle}
        description="A bot answers your visitors in a chat window on your website."
        action={
          <Button onClick={() => void createDefault()} disabled={creating}>
            <PlusIcon /> {WEBCHAT_TEXTS.createFirst}
          </Button>
        }
      />
    );
  else
    body = (
      <ul className="sb-card-grid" aria-label="Web chat bots">
        {bots.data.map((bot) => (
          <li key={bot.id}>
            <WebchatCard bot={bot} />
          </li>
        ))}
      </ul>
    );

  return (
    <Flex direction="column" gap="5" className="sb-card-page">
      <PageHeader
        title={WEBCHAT_TEXTS.listHeading}
        intro={WEBCHAT_TEXTS.listIntro}
        refresh={{
          label: WEBCHAT_TEXTS.refresh,
          busy: bots.isLoading || bots.isValidating,
          onClick: () => void bots.mutate(),
        }}
        actions={
          <Button className="sb-card-page-add" onClick={() => void createDefault()} disabled={creating}>
            <PlusIcon /> {WEBCHAT_TEXTS.createBot}
          </Button>
        }
      />
      {createFailed ? <ErrorCallout>{WEBCHAT_TEXTS.createFromListFailed}</ErrorCallout> : null}
      {body}
      <IconButton
        size="4"
        radius="full"
        className="sb-card-page-fab"
        aria-label={WEBCHAT_TEXTS.addBot}
        disabled={creating}
        onClick={() => void createDefault()}
      >
        <PlusIcon width="22" height="22" />
      </IconButton>
    </Flex>
  );
}
