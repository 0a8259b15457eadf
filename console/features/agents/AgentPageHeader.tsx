import { Link as RouterLink } from 'react-router-dom';
import { Button, Flex, Heading, IconButton, Tooltip } from '@radix-ui/themes';
import { ArrowLeftIcon, PhoneIcon, SaveIcon, TrashIcon } from '../../components/icons.js';

export interface AgentPageHeaderProps {
  title: string;
  saving: boolean;
  dirty: boolean;
  /** After a delete: nothing more to do here until the redirect. */
  locked: boolean;
  onCall: () => void;
  onDelete: () => void;
}

/** Back to the list, the agent's name, and Call / Save / Delete (spec part 1 §2). */
export function AgentPageHeader({ title, saving, dirty, locked, onCall, onDelete }: AgentPageHeaderProps) {
  return (
    <Flex
      justify="between"
      align={{ initial: 'start', sm: 'center' }}
      gap="3"
      direction={{ initial: 'column', sm: 'row' }}
      className="sb-agent-header"
    >
      <Flex align="center" gap="3" minWidth="0">
        <BackToAgents />
        <Heading as="h1" size="7" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Heading>
      </Flex>
      <Flex gap="2" wrap="wrap" flexShrink="0">
        <Button type="button" variant="soft" onClick={onCall} disabled={locked || saving}>
          <PhoneIcon /> Call
        </Button>
        <Button type="submit" disabled={locked || saving} data-dirty={dirty ? '' : undefined}>
          <SaveIcon /> {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" color="red" variant="soft" onClick={onDelete} disabled={locked || saving}>
          <TrashIcon /> Delete
        </Button>
      </Flex>
    </Flex>
  );
}

export function BackToAgents() {
  return (
    <Tooltip content="Back to agents">
      <IconButton asChild variant="ghost" color="gray" size="3" aria-label="Back to agents">
        <RouterLink to="/agents">
          <ArrowLeftIcon width="20" height="20" />
        </RouterLink>
      </IconButton>
    </Tooltip>
  );
}
