/** Sessions test data and helpers shared by the sessions-*.test.tsx files (not a test file itself). */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { CallSession, SessionMessage } from '../../shared/types/session.js';
import type { FakeCall, FakeRoutes } from '../helpers/consoleFakeApi.js';
import { FakeWebSocket } from '../helpers/consoleFakeWebSocket.js';
import { renderConsole, USER } from '../helpers/consoleRender.js';
import { SALES, SUPPORT } from './agents-fixtures.js';

/** A fixed "now" the tests pin Date to, so durations and times are known. */
export const NOW = Date.UTC(2025, 4, 6, 15, 0, 0);

/**
 * Pins Date to NOW and takes over the duration clock (setInterval) for every test of the file;
 * everything else (SWR, the socket, user events) runs on real timers.
 */
export function pinClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/**
 * Testing Library's waitFor for the files that pin the clock. Its polling runs on setInterval,
 * which pinClock fakes, so it would re-check only when the DOM changes: a wait for something the
 * page does not show (a socket opened, a request sent) then timed out whenever that happened after
 * the last render. This one polls on the real setTimeout.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeout = 5000, interval = 25 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  // performance.now is not among the clocks pinClock fakes.
  const deadline = performance.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (performance.now() > deadline) throw error;
    }
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, interval)));
  }
}

export function makeSession(overrides: Partial<CallSession> & Pick<CallSession, 'streamSid'>): CallSession {
  return {
    agentId: SUPPORT.id,
    fromPhoneNumber: '+14155550123',
    toPhoneNumber: '+14155550100',
    callType: 'inbound',
    startTime: NOW - 65_000,
    active: true,
    endTime: null,
    duration: null,
    ...overrides,
  };
}

export const LIVE = makeSession({ streamSid: 'MZlive1' });
export const OUTBOUND = makeSession({
  streamSid: 'MZlive2',
  agentId: SALES.id,
  callType: 'outbound',
  fromPhoneNumber: '+14155550111',
  toPhoneNumber: '+442071838750',
  startTime: NOW - 3_725_000,
});

/** `count` ended sessions, newest first, one minute apart. */
export function endedSessions(count: number, offset = 0): CallSession[] {
  return Array.from({ length: count }, (_, i) => {
    const n = offset + i;
    const endTime = NOW - 60_000 * (n + 1);
    return makeSession({
      streamSid: `MZended${n}`,
      active: false,
      startTime: endTime - 42_000,
      endTime,
      duration: 42,
    });
  });
}

export function endedPage(sessions: CallSession[], total = sessions.length, limit = 10, offset = 0) {
  return { body: { success: true, sessions, total, limit, offset } };
}

/** GET /sessions/ended-sessions over `all` (newest first), paged and ordered by the call's query as the server does. */
export function pagedEnded(all: CallSession[]) {
  return (call: FakeCall) => {
    const limit = Number(call.query.get('limit'));
    const offset = Number(call.query.get('offset'));
    const ordered = call.query.get('order') === 'asc' ? [...all].reverse() : all;
    return endedPage(ordered.slice(offset, offset + limit), all.length, limit, offset);
  };
}

export const MESSAGES: SessionMessage[] = [
  { id: 'item_1', type: 'assistant', message: 'Hello, how can I help?', timestamp: NOW - 60_000 },
  { id: 'item_2', type: 'user', message: 'Where is my order?', timestamp: NOW - 55_000 },
];

/** Routes of the sessions page: agents for names, the two tables; `extra` replaces any. */
export function sessionsRoutes(extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /agents': { body: [SUPPORT, SALES] },
    'GET /sessions/active-sessions': { body: { success: true, sessions: [LIVE, OUTBOUND] } },
    'GET /sessions/ended-sessions': endedPage(endedSessions(3)),
    ...extra,
  };
}

/** Routes of a detail page for `session`. */
export function detailRoutes(
  session: CallSession,
  messages: SessionMessage[] = MESSAGES,
  extra: FakeRoutes = {},
): FakeRoutes {
  return {
    'GET /agents': { body: [SUPPORT, SALES] },
    [`GET /sessions/active-sessions/${session.streamSid}`]: { body: session },
    [`GET /sessions/messages/${session.streamSid}`]: { body: messages },
    ...extra,
  };
}

export function renderSessions(path: string, routes: FakeRoutes) {
  return renderConsole({ path, session: { user: USER }, routes });
}

/** The console's socket, opened; events sent through it reach the page. */
export async function openSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeWebSocket.last!;
  act(() => socket.open());
  return socket;
}

export function send(socket: FakeWebSocket, event: Record<string, unknown>): void {
  act(() => socket.receive(event));
}

/** The rows of a table (header row excluded), by the table's caption. */
export function rowsOf(caption: string): HTMLElement[] {
  const table = screen.getByRole('table', { name: caption });
  return Array.from(table.querySelectorAll('tbody tr'));
}

/** The text of each cell of a table row. */
export const cellTexts = (row: HTMLElement) =>
  Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent);
