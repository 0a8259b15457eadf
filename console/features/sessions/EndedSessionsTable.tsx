import { Table, Text } from '@radix-ui/themes';
import { formatDuration } from '../../../shared/format.js';
import type { CallSession } from '../../../shared/types/session.js';
import type { EndedQuery } from './api.js';
import { SessionRow, SessionsTable } from './SessionCells.js';
import { COLUMN, SESSION_TEXTS } from './sessionTexts.js';
import { sessionSeconds, timeText } from './sessionTime.js';

export interface EndedSessionsTableProps {
  sessions: CallSession[];
  names: ReadonlyMap<string, string>;
  order: EndedQuery['order'];
}

/** Agent, Call Type, From, To, Start Time, End Time, Duration; sorted by end time (spec part 1 §2). */
export function EndedSessionsTable({ sessions, names, order }: EndedSessionsTableProps) {
  return (
    <SessionsTable
      caption={SESSION_TEXTS.endedHeading}
      headers={
        <>
          <Table.ColumnHeaderCell>{COLUMN.startTime}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell aria-sort={order === 'asc' ? 'ascending' : 'descending'}>
            {COLUMN.endTime}
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{COLUMN.duration}</Table.ColumnHeaderCell>
        </>
      }
    >
      {sessions.map((session) => (
        <SessionRow key={session.streamSid} session={session} names={names}>
          <Table.Cell data-label={COLUMN.startTime}>{timeText(session.startTime)}</Table.Cell>
          <Table.Cell data-label={COLUMN.endTime}>{timeText(session.endTime)}</Table.Cell>
          <Table.Cell data-label={COLUMN.duration}>
            <Text className="sb-tabular">{formatDuration(sessionSeconds(session, Date.now()))}</Text>
          </Table.Cell>
        </SessionRow>
      ))}
    </SessionsTable>
  );
}
