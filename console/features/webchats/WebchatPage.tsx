import { useParams } from 'react-router-dom';
import { Flex } from '@radix-ui/themes';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { NotFoundState } from '../../components/NotFoundState.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useAuth } from '../auth/useAuth.js';
import { useWebchat, WebchatLoadError } from './api.js';
import { WebchatEditor } from './WebchatEditor.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';
import './webchats.css';

export const BACK_TO_WEBCHATS = { to: '/webchats', label: WEBCHAT_TEXTS.backToList };

/** The bot page (/webchats/{id}, spec part 2 §2); `new` (or no id) creates a bot. */
export function WebchatPage() {
  const { id } = useParams();
  const { effectiveUser } = useAuth();
  const isNew = id === undefined || id === 'new';
  const bot = useWebchat(isNew ? undefined : id);
  const notFound = bot.error instanceof WebchatLoadError && bot.error.notFound;
  useDocumentTitle(isNew ? WEBCHAT_TEXTS.newTitle : (bot.data?.name ?? (notFound ? WEBCHAT_TEXTS.notFound : WEBCHAT_TEXTS.settingsTitle)));

  if (isNew) return <WebchatEditor key={`${effectiveUser?.id ?? ''}:new`} bot={null} />;
  if (!bot.data) {
    if (!bot.error) return <LoadingState label={WEBCHAT_TEXTS.loadingBot} />;
    if (notFound) return <NotFoundState title={WEBCHAT_TEXTS.notFound} back={BACK_TO_WEBCHATS} />;
    return (
      <Flex direction="column" gap="4">
        <PageHeader title={WEBCHAT_TEXTS.settingsTitle} back={BACK_TO_WEBCHATS} />
        <ErrorCallout>{WEBCHAT_TEXTS.detailFailed}</ErrorCallout>
      </Flex>
    );
  }
  // A fresh editor per bot and per effective user: impersonation never carries edits across.
  return <WebchatEditor key={`${effectiveUser?.id ?? ''}:${bot.data.id}`} bot={bot.data} />;
}
