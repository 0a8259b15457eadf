import { Card, DataList, Heading, Text } from '@radix-ui/themes';
import { formatDuration, formatPhone } from '../../../shared/format.js';
import type { CallSession } from '../../../shared/types/session.js';
import { AgentLink, CallTypeBadge } from './SessionCells.js';
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
        <DataList.Item>
          <DataList.Label>{COLUMN.agent}</DataList.Label>
          <DataList.Value>
            <AgentLink agentId={session.agentId} names={names} />
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{COLUMN.callType}</DataList.Label>
          <DataList.Value>
            <CallTypeBadge callType={session.callType} />
          </DataList.Value>
        </DataList.Item>
        <Row label={COLUMN.from} value={formatPhone(session.fromPhoneNumber)} />
        <Row label={COLUMN.to} value={formatPhone(session.toPhoneNumber)} />
        <Row label={COLUMN.startTime} value={timeText(session.startTime)} />
        <Row label={COLUMN.endTime} value={timeText(session.endTime)} />
        <Row
          label={COLUMN.duration}
          value={isRinging(session) ? SESSION_TEXTS.ringing : formatDuration(sessionSeconds(session, now))}
        />
      </DataList.Root>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value>
        <Text className="sb-tabular">{value}</Text>
      </DataList.Value>
    </DataList.Item>
  );
}
