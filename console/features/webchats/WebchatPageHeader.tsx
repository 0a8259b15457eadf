import { Button, Flex, Link, Switch, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format.js';
import type { Webchat } from '../../../shared/types/webchat.js';
import { SaveIcon, TrashIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';

export interface WebchatPageHeaderProps {
  bot: Webchat | null;
  /** The saved name, for the breadcrumb. */
  name: string;
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  saving: boolean;
  locked: boolean;
  onDelete: () => void;
  /** The tab open only reads (Conversations): nothing to save or delete from there. */
  readOnly?: boolean;
}

/** Breadcrumb, title, Active/Inactive, Created/Modified and the page's buttons (spec part 2 §2). */
export function WebchatPageHeader({
  bot,
  name,
  enabled,
  onEnabledChange,
  saving,
  locked,
  onDelete,
  readOnly = false,
}: WebchatPageHeaderProps) {
  const busy = saving || locked;
  const modified = bot && bot.updated_at > bot.created_at;
  return (
    <Flex direction="column" gap="2">
      <nav aria-label="Breadcrumb">
        <Flex asChild gap="2" align="center" wrap="wrap">
          <ol className="sb-breadcrumb">
            <li>
              <Link asChild size="2">
                <RouterLink to="/webchats">{WEBCHAT_TEXTS.breadcrumb}</RouterLink>
              </Link>
            </li>
            <li aria-hidden="true">
              <Text size="2" color="gray">
                ›
              </Text>
            </li>
            <li>
              <Text size="2" aria-current="page" className="sb-demo-link">
                {bot ? name : WEBCHAT_TEXTS.newTitle}
              </Text>
            </li>
          </ol>
        </Flex>
      </nav>
      <PageHeader
        title={bot ? WEBCHAT_TEXTS.settingsTitle : WEBCHAT_TEXTS.newTitle}
        intro={
          <Flex as="span" gap="4" align="center" wrap="wrap">
            <Text as="label" size="2" weight="medium" color="gray" highContrast>
              <Flex as="span" gap="2" align="center">
                <Switch checked={enabled} onCheckedChange={onEnabledChange} disabled={busy} color="green" />
                {enabled ? WEBCHAT_TEXTS.active : WEBCHAT_TEXTS.inactive}
              </Flex>
            </Text>
            {bot ? (
              <Text size="2">
                {modified ? `Modified ${formatDateTime(bot.updated_at)}` : `Created ${formatDateTime(bot.created_at)}`}
              </Text>
            ) : null}
          </Flex>
        }
        actions={
          readOnly ? null : (
            <>
              {bot ? (
                <Button type="button" color="red" variant="soft" onClick={onDelete} disabled={busy}>
                  <TrashIcon /> {WEBCHAT_TEXTS.deleteBot}
                </Button>
              ) : null}
              <Button type="submit" disabled={busy}>
                <SaveIcon /> {saving ? 'Saving...' : bot ? WEBCHAT_TEXTS.saveChanges : WEBCHAT_TEXTS.createBot}
              </Button>
            </>
          )
        }
      />
    </Flex>
  );
}
