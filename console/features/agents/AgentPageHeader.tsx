import { Button, Flex, Text } from '@radix-ui/themes';
import { useId } from 'react';
import type { BackLink } from '../../components/BackButton.js';
import { InfoIcon, MicIcon, PhoneIcon, SaveIcon, TrashIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';

export const BACK_TO_AGENTS: BackLink = { to: '/agents', label: 'Back to agents' };

export interface AgentPageHeaderProps {
  title: string;
  saving: boolean;
  dirty: boolean;
  /** After a delete: nothing more to do here until the redirect. */
  locked: boolean;
  /** Why Call is unavailable (no saved number), shown under the header; null when it can call. */
  callBlockedReason: string | null;
  onCall: () => void;
  /** Opens the Talk panel: a call from this browser, which needs no number (issue 20). */
  onTalk: () => void;
  /** Starts fetching the Talk panel when its button is pointed at or focused. */
  talkOpener?: { onPointerEnter: () => void; onFocus: () => void };
  onDelete: () => void;
}

/** Back to the list, the agent's name, and Call / Talk / Save / Delete (spec part 1 §2, issue 20). */
export function AgentPageHeader({
  title,
  saving,
  dirty,
  locked,
  callBlockedReason,
  onCall,
  onTalk,
  talkOpener,
  onDelete,
}: AgentPageHeaderProps) {
  const reasonId = useId();
  return (
    <PageHeader
      title={title}
      back={BACK_TO_AGENTS}
      sticky
      note={
        callBlockedReason ? (
          <Flex id={reasonId} align="center" gap="1">
            <InfoIcon />
            <Text size="2" color="gray">
              {callBlockedReason}
            </Text>
          </Flex>
        ) : null
      }
      actions={
        <>
          <Button
            type="button"
            variant="soft"
            onClick={onCall}
            disabled={locked || saving || callBlockedReason !== null}
            aria-describedby={callBlockedReason ? reasonId : undefined}
          >
            <PhoneIcon /> Call
          </Button>
          <Button type="button" variant="soft" {...talkOpener} onClick={onTalk} disabled={locked}>
            <MicIcon /> Talk
          </Button>
          <Button type="button" color="red" variant="soft" onClick={onDelete} disabled={locked || saving}>
            <TrashIcon /> Delete
          </Button>
          <Button type="submit" disabled={locked || saving} data-dirty={dirty ? '' : undefined}>
            <SaveIcon /> {saving ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    />
  );
}
