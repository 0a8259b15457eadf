import { Card, DataList, Heading } from '@radix-ui/themes';
import { formatDuration, formatPhone } from '../../../shared/format.js';
import type { CallSession } from '../../../shared/types/session.js';
import { DataRow } from '../../components/DataRow.js';
import { AgentLink, CallTypeBadge } from './SessionCells.js';
import { answeredByText, endReasonText, transferText } from './sessionOutcome.js';
import { COLUMN, SESSION_TEXTS } from './sessionTexts.js';
import { isOpen, isRinging, sessionSeconds, timeText } from './sessionTime.js';
import { useNow } from './useNow.js';

export interface SessionInfoCardProps {
  session: CallSession;
  names: ReadonlyMap<string, string>;
}

/** Agent, call type, numbers, start, end and duration; the duration ticks while the call runs. */
export function SessionInfoCard({ session, names }: SessionInfoCardProps) {
  const now = useNow(isOpen(session));
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="3">
        Call
      </Heading>
      <DataList.Root orientation="horizontal" size="2">
        <DataRow label={COLUMN.agent}>
          <AgentLink agentId={session.agentId} names={names} />
        </DataRow>
        <DataRow label={COLUMN.callType}>
          <CallTypeBadge callType={session.callType} />
        </DataRow>
        <DataRow label={COLUMN.from} value={formatPhone(session.fromPhoneNumber)} />
        <DataRow label={COLUMN.to} value={formatPhone(session.toPhoneNumber)} />
        <DataRow label={COLUMN.startTime} value={timeText(session.startTime)} />
        <DataRow label={COLUMN.endTime} value={timeText(session.endTime)} />
        <DataRow
          label={COLUMN.duration}
          value={isRinging(session) ? SESSION_TEXTS.ringing : formatDuration(sessionSeconds(session, now))}
        />
        {answeredByText(session) ? <DataRow label="Answered by" value={answeredByText(session) ?? ''} /> : null}
        {endReasonText(session) ? <DataRow label="Outcome" value={endReasonText(session) ?? ''} /> : null}
        {transferText(session) ? <DataRow label="Transferred to" value={transferText(session) ?? ''} /> : null}
      </DataList.Root>
    </Card>
  );
}
