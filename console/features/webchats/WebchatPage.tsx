import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { LoadingState } from '../../components/LoadingState.js';
import { NotFoundState } from '../../components/NotFoundState.js';
import { isNotFoundLoad } from '../../lib/resourceQueries.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { useWebchat } from './api.js';
import { WebchatEditor } from './WebchatEditor.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';
import './webchats.css';

export const BACK_TO_WEBCHATS = { to: '/webchats', label: WEBCHAT_TEXTS.backToList };

/** The bot page (/webchats/{id}, spec part 2 §2); `new` (or no id) creates a bot. */
export function WebchatPage() {
  const { id } = useParams();
  const userId = useEffectiveUserId();
  const isNew = id === undefined || id === 'new';
  const bot = useWebchat(isNew ? undefined : id);
  const notFound = isNotFoundLoad(bot.error);
  useDocumentTitle(
    isNew
      ? WEBCHAT_TEXTS.newTitle
      : (bot.data?.name ?? (notFound ? WEBCHAT_TEXTS.notFound : WEBCHAT_TEXTS.settingsTitle)),
  );

  if (isNew) return <WebchatEditor key={`${userId ?? ''}:new`} bot={null} />;
  if (!bot.data) {
    if (!bot.error) return <LoadingState label={WEBCHAT_TEXTS.loadingBot} />;
    if (notFound) return <NotFoundState title={WEBCHAT_TEXTS.notFound} back={BACK_TO_WEBCHATS} />;
    // Spec part 2 §2: not found or failing to load, an alert with 'Back to Web Chats'.
    return (
      <LoadFailedState
        title={WEBCHAT_TEXTS.settingsTitle}
        message={WEBCHAT_TEXTS.detailFailed}
        back={BACK_TO_WEBCHATS}
      />
    );
  }
  // A fresh editor per bot and per effective user: impersonation never carries edits across.
  return <WebchatEditor key={`${userId ?? ''}:${bot.data.id}`} bot={bot.data} />;
}
