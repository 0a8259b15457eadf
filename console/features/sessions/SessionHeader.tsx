import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Flex, Heading, IconButton, Tooltip } from '@radix-ui/themes';
import { ArrowLeftIcon, PhoneIcon } from '../../components/icons.js';
import { SESSION_TEXTS } from './sessionTexts.js';

export interface SessionHeaderProps {
  /** Absent while loading or when the session could not be shown: only Back and the title. */
  state?: {
    /** The chip: the call is over. */
    ended: boolean;
    /** End Session shows while the session has no end time. */
    canEnd: boolean;
    ending: boolean;
    onEnd: () => void;
  };
}

/** Back, title, the 'Session Ended' / 'Active Session' chip and End Session (spec part 1 §2). */
export function SessionHeader({ state }: SessionHeaderProps) {
  return (
    <Flex justify="between" align={{ initial: 'start', sm: 'center' }} gap="3" direction={{ initial: 'column', sm: 'row' }}>
      <Flex align="center" gap="3" wrap="wrap">
        <Tooltip content={SESSION_TEXTS.back}>
          <IconButton asChild variant="ghost" color="gray" size="3" aria-label={SESSION_TEXTS.back}>
            <RouterLink to="/sessions">
              <ArrowLeftIcon width="20" height="20" />
            </RouterLink>
          </IconButton>
        </Tooltip>
        <Heading as="h1" size="7">
          {SESSION_TEXTS.detailHeading}
        </Heading>
        {state ? (
          // A status region: a screen reader hears the chip change when the call ends.
          <span role="status">
            <Badge size="2" variant="soft" color={state.ended ? 'gray' : 'green'}>
              {state.ended ? SESSION_TEXTS.sessionEnded : SESSION_TEXTS.activeSession}
            </Badge>
          </span>
        ) : null}
      </Flex>
      {state?.canEnd ? (
        <Button color="red" onClick={state.onEnd} disabled={state.ending}>
          <PhoneIcon /> {state.ending ? SESSION_TEXTS.endingSession : SESSION_TEXTS.endSession}
        </Button>
      ) : null}
    </Flex>
  );
}
