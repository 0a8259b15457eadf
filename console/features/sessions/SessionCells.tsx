import { Badge, Link, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatPhone } from '../../../shared/format.js';
import type { CallSession, CallType } from '../../../shared/types/session.js';
import { OpenLink } from '../../components/OpenLink.js';
import { useSessionLinkState } from './sessionsBack.js';
import { COLUMN, SESSION_TEXTS } from './sessionTexts.js';
import '../../components/stackTable.css';

export const sessionPath = (streamSid: string) => `/sessions/${encodeURIComponent(streamSid)}`;
export const agentPath = (agentId: string) => `/agents/${encodeURIComponent(agentId)}`;

const CALL_TYPE_COLOR = { inbound: 'blue', outbound: 'violet', web: 'teal', unknown: 'gray' } as const;

export function CallTypeBadge({ callType }: { callType: CallType | undefined }) {
  const type = callType ?? 'unknown';
  return (
    <Badge variant="soft" color={CALL_TYPE_COLOR[type] ?? 'gray'}>
      {type}
    </Badge>
  );
}

/** The agent's name as a link to the agent; its id while names load or when the agent is gone. */
export function AgentLink({ agentId, names }: { agentId: string; names: ReadonlyMap<string, string> }) {
  return (
    <Link asChild weight="medium">
      <RouterLink to={agentPath(agentId)}>{names.get(agentId) ?? agentId}</RouterLink>
    </Link>
  );
}

export interface SessionRowProps {
  session: CallSession;
  names: ReadonlyMap<string, string>;
  /** The cells after Agent, Call Type, From and To. */
  children: ReactNode;
}

/**
 * One session in a table: Agent, Call Type, From, To, then the table's own cells. A click on the
 * row opens the session; for the keyboard the From number is the link to it (Tab + Enter), and
 * the agent's name links to the agent (spec part 1 §2).
 */
export function SessionRow({ session, names, children }: SessionRowProps) {
  const navigate = useNavigate();
  const back = useSessionLinkState();
  const from = formatPhone(session.fromPhoneNumber);
  const open = (event: MouseEvent) => {
    if ((event.target as Element).closest('a, button')) return;
    navigate(sessionPath(session.streamSid), { state: back });
  };
  return (
    <Table.Row className="sb-session-row" onClick={open} data-stream-sid={session.streamSid}>
      <Table.RowHeaderCell data-label={COLUMN.agent}>
        <AgentLink agentId={session.agentId} names={names} />
      </Table.RowHeaderCell>
      <Table.Cell data-label={COLUMN.callType}>
        <CallTypeBadge callType={session.callType} />
      </Table.Cell>
      <Table.Cell data-label={COLUMN.from}>
        <OpenLink to={sessionPath(session.streamSid)} state={back} text={from} action={SESSION_TEXTS.openSession} />
      </Table.Cell>
      <Table.Cell data-label={COLUMN.to}>
        <Text>{formatPhone(session.toPhoneNumber)}</Text>
      </Table.Cell>
      {children}
    </Table.Row>
  );
}

export interface SessionsTableProps {
  /** Names the table for screen readers. */
  caption: string;
  /** Column headers after Agent, Call Type, From and To. */
  headers: ReactNode;
  /** SessionRows. */
  children: ReactNode;
}

/** The frame of both session tables: caption, the four shared column headers, then the table's own. */
export function SessionsTable({ caption, headers, children }: SessionsTableProps) {
  return (
    <Table.Root variant="surface" className="sb-phone-cards sb-stack-table">
      <VisuallyHidden asChild>
        <caption>{caption}</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>{COLUMN.agent}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{COLUMN.callType}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{COLUMN.from}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{COLUMN.to}</Table.ColumnHeaderCell>
          {headers}
        </Table.Row>
      </Table.Header>
      <Table.Body>{children}</Table.Body>
    </Table.Root>
  );
}
