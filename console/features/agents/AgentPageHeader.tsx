import { Button } from '@radix-ui/themes';
import type { BackLink } from '../../components/BackButton.js';
import { PhoneIcon, SaveIcon, TrashIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';

export const BACK_TO_AGENTS: BackLink = { to: '/agents', label: 'Back to agents' };

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
    <PageHeader
      title={title}
      back={BACK_TO_AGENTS}
      sticky
      actions={
        <>
          <Button type="button" variant="soft" onClick={onCall} disabled={locked || saving}>
            <PhoneIcon /> Call
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
