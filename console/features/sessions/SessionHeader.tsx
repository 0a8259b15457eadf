import { Badge, Button } from '@radix-ui/themes';
import type { BackLink } from '../../components/BackButton.js';
import { PhoneIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';
import { SESSION_TEXTS } from './sessionTexts.js';

export const BACK_TO_SESSIONS: BackLink = { to: '/sessions', label: SESSION_TEXTS.back };

export interface SessionHeaderProps {
  /** The chip: the call is over. */
  ended: boolean;
  /** End Session shows while the session has no end time. */
  canEnd: boolean;
  ending: boolean;
  onEnd: () => void;
}

/** Back, title, the 'Session Ended' / 'Active Session' chip and End Session (spec part 1 §2). */
export function SessionHeader({ ended, canEnd, ending, onEnd }: SessionHeaderProps) {
  return (
    <PageHeader
      title={SESSION_TEXTS.detailHeading}
      back={BACK_TO_SESSIONS}
      intro={
        // A status region: a screen reader hears the chip change when the call ends.
        <span role="status">
          <Badge size="2" variant="soft" color={ended ? 'gray' : 'green'}>
            {ended ? SESSION_TEXTS.sessionEnded : SESSION_TEXTS.activeSession}
          </Badge>
        </span>
      }
      actions={
        canEnd ? (
          <Button color="red" onClick={onEnd} disabled={ending}>
            <PhoneIcon /> {ending ? SESSION_TEXTS.endingSession : SESSION_TEXTS.endSession}
          </Button>
        ) : null
      }
    />
  );
}
