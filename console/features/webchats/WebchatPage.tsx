import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Flex } from '@radix-ui/themes';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { useAuth } from '../auth/useAuth.js';
import { useWebchat, WebchatLoadError } from './api.js';
import { WebchatEditor } from './WebchatEditor.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';
import './webchats.css';

/** The bot page (/webchats/{id}, spec part 2 §2); `new` (or no id) creates a bot. */
export function WebchatPage() {
  const { id } = useParams();
  const { effectiveUser } = useAuth();
  const isNew = id === undefined || id === 'new';
  const bot = useWebchat(isNew ? undefined : id);

  if (isNew) return <WebchatEditor key={`${effectiveUser?.id ?? ''}:new`} bot={null} />;
  if (!bot.data) {
    if (!bot.error) return <LoadingState label={WEBCHAT_TEXTS.loadingBot} />;
    const message = bot.error instanceof WebchatLoadError ? bot.error.message : WEBCHAT_TEXTS.detailFailed;
    return (
      <Flex direction="column" gap="4" align="start">
        <ErrorCallout>{message}</ErrorCallout>
        <Button asChild variant="soft">
          <RouterLink to="/webchats">{WEBCHAT_TEXTS.backToList}</RouterLink>
        </Button>
      </Flex>
    );
  }
  // A fresh editor per bot and per effective user: impersonation never carries edits across.
  return <WebchatEditor key={`${effectiveUser?.id ?? ''}:${bot.data.id}`} bot={bot.data} />;
}
