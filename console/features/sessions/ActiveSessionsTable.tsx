import { Badge, Table, Text } from '@radix-ui/themes';
import { formatDuration } from '../../../shared/format.js';
import type { CallSession } from '../../../shared/types/session.js';
import { SessionRow, SessionsTable } from './SessionCells.js';
import { COLUMN, SESSION_TEXTS } from './sessionTexts.js';
import { isRinging, sessionSeconds } from './sessionTime.js';
import { useNow } from './useNow.js';

export interface ActiveSessionsTableProps {
  sessions: CallSession[];
  names: ReadonlyMap<string, string>;
}

/** Agent, Call Type, From, To, Duration ('Ringing' for a call not answered yet); one clock for the whole table ticks every second. */
export function ActiveSessionsTable({ sessions, names }: ActiveSessionsTableProps) {
  const now = useNow(sessions.length > 0);
  return (
    <SessionsTable
      caption={SESSION_TEXTS.activeHeading}
      headers={<Table.ColumnHeaderCell>{COLUMN.duration}</Table.ColumnHeaderCell>}
    >
      {sessions.map((session) => (
        <SessionRow key={session.streamSid} session={session} names={names}>
          <Table.Cell data-label={COLUMN.duration}>
            {isRinging(session) ? (
              <Badge variant="soft" color="amber">
                {SESSION_TEXTS.ringing}
              </Badge>
            ) : (
              <Text className="sb-tabular">{formatDuration(sessionSeconds(session, now))}</Text>
            )}
          </Table.Cell>
        </SessionRow>
      ))}
    </SessionsTable>
  );
}
