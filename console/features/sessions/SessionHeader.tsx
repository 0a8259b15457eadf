import { Badge, Button, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { BackLink } from '../../components/BackButton.js';
import { PhoneIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';
import { SESSION_TEXTS } from './sessionTexts.js';

export interface SessionHeaderProps {
  /** Where the back arrow goes (the Sessions page as it was left). */
  back: BackLink;
  /** The chip: the call is over. */
  ended: boolean;
  /** An outbound call not answered yet (our addition beside the spec's chip). */
  ringing: boolean;
  /** End Session shows while the session has no end time. */
  canEnd: boolean;
  ending: boolean;
  onEnd: () => void;
  /** Beside End Session: the operator's Transfer (issue 23), when the call can be transferred. */
  transfer?: ReactNode;
}

/** Back, title, the 'Session Ended' / 'Active Session' chip and End Session (spec part 1 §2). */
export function SessionHeader({ back, ended, ringing, canEnd, ending, onEnd, transfer }: SessionHeaderProps) {
  return (
    <PageHeader
      title={SESSION_TEXTS.detailHeading}
      back={back}
      intro={
        // A status region: a screen reader hears the chip change when the call is answered or ends.
        <Flex as="span" gap="2" align="center" role="status">
          <Badge size="2" variant="soft" color={ended ? 'gray' : 'green'}>
            {ended ? SESSION_TEXTS.sessionEnded : SESSION_TEXTS.activeSession}
          </Badge>
          {ringing && !ended ? (
            <Badge size="2" variant="soft" color="amber">
              {SESSION_TEXTS.ringing}
            </Badge>
          ) : null}
        </Flex>
      }
      actions={
        canEnd ? (
          <Flex gap="2" wrap="wrap">
            {transfer}
            <Button color="red" onClick={onEnd} disabled={ending}>
              <PhoneIcon /> {ending ? SESSION_TEXTS.endingSession : SESSION_TEXTS.endSession}
            </Button>
          </Flex>
        ) : null
      }
    />
  );
}
