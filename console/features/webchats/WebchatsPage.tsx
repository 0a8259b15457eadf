import { Button } from '@radix-ui/themes';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { CardListPage } from '../../components/CardListPage.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { PlusIcon } from '../../components/icons.js';
import { useWebchatActions, useWebchats } from './api.js';
import { useWebchatActivity } from './useWebchatActivity.js';
import { webchatPath } from './useWebchatEditor.js';
import { WebchatCard } from './WebchatCard.js';
import { defaultBotInput } from './webchatForm.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';

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

  return (
    <CardListPage
      title={WEBCHAT_TEXTS.listHeading}
      intro={WEBCHAT_TEXTS.listIntro}
      refreshLabel={WEBCHAT_TEXTS.refresh}
      add={{ onClick: () => void createDefault(), disabled: creating }}
      addText={WEBCHAT_TEXTS.createBot}
      addLabel={WEBCHAT_TEXTS.addBot}
      list={bots}
      texts={{ failed: WEBCHAT_TEXTS.loadFailed, loading: WEBCHAT_TEXTS.loadingList, listLabel: 'Web chat bots' }}
      empty={{
        title: WEBCHAT_TEXTS.emptyTitle,
        description: 'A bot answers your visitors in a chat window on your website.',
        action: (
          <Button onClick={() => void createDefault()} disabled={creating}>
            <PlusIcon /> {WEBCHAT_TEXTS.createFirst}
          </Button>
        ),
      }}
      card={(bot) => <WebchatCard bot={bot} />}
      notice={createFailed ? <ErrorCallout>{WEBCHAT_TEXTS.createFromListFailed}</ErrorCallout> : null}
    />
  );
}
