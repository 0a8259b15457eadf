/**
 * Transcript times (issue 18): a line keeps the time it was spoken when the call ends and the
 * stored messages replace the live ones, the lines keep the order they were spoken in, and a
 * time that is not one shows 'Invalid Date' (spec part 1 §5), on a line and in a tool call's dialog.
 */

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionMessage } from '../../shared/types/session.js';
import { detailRoutes, LIVE, NOW, openSocket, pinClock, renderSessions, send, waitFor } from './sessions-fixtures.js';

pinClock();

const log = () => screen.getByRole('log', { name: 'Transcript' });
/** Each line as "Speaker @ time: text". */
const lines = () =>
  Array.from(log().querySelectorAll<HTMLElement>('.sb-message')).map((el) => {
    const [speaker, time] = Array.from(el.querySelectorAll('.rt-Text')).map((t) => t.textContent);
    return `${speaker} @ ${time}: ${el.querySelector('p')!.textContent}`;
  });
const at = (ms: number) => new Date(ms).toLocaleTimeString();

describe('transcript times', () => {
  it('keeps the time each line was spoken, and its place, when the call ends', async () => {
    const app = renderSessions(`/sessions/${LIVE.streamSid}`, detailRoutes(LIVE, []));
    await screen.findByText('No messages in this session yet');
    const socket = await openSocket();
    await waitFor(() => expect(app.fake.callsTo(`GET /sessions/messages/${LIVE.streamSid}`)).toHaveLength(2));
    // The caller spoke at +1 s; the agent began answering at +2 s; the caller's words were transcribed at +3 s.
    const caller = {
      type: 'call.message',
      streamSid: LIVE.streamSid,
      item_id: 'item_u',
      message_type: 'user',
      spokenAt: NOW + 1000,
    };
    const agent = {
      type: 'call.message',
      streamSid: LIVE.streamSid,
      item_id: 'item_a',
      message_type: 'assistant',
      spokenAt: NOW + 2000,
    };
    send(socket, { ...agent, message: 'Sure, ', timestamp: NOW + 2000 });
    send(socket, { ...caller, message: 'Where is my order?', timestamp: NOW + 3000 });
    send(socket, { ...agent, message: 'let me look.', timestamp: NOW + 3100 });
    const live = [`Caller @ ${at(NOW + 1000)}: Where is my order?`, `Agent @ ${at(NOW + 2000)}: Sure, let me look.`];
    expect(lines()).toEqual(live);

    const stored: SessionMessage[] = [
      { id: 'item_u', type: 'user', message: 'Where is my order?', timestamp: NOW + 1000 },
      { id: 'item_a', type: 'assistant', message: 'Sure, let me look.', timestamp: NOW + 2000 },
    ];
    app.fake.routes[`GET /sessions/messages/${LIVE.streamSid}`] = { body: stored };
    send(socket, { type: 'session.ended', streamSid: LIVE.streamSid, duration: 70, endTime: NOW + 5000 });
    await screen.findByText('Session Ended');
    await waitFor(() => expect(app.fake.callsTo(`GET /sessions/messages/${LIVE.streamSid}`)).toHaveLength(3));
    expect(lines()).toEqual(live);
  });

  it("shows 'Invalid Date' for a line's or a tool call's time that is not a valid one", async () => {
    const messages: SessionMessage[] = [
      { id: 'item_1', type: 'assistant', message: 'Hello', timestamp: -5 },
      { id: 'item_2', type: 'user', message: 'Hi', timestamp: Date.UTC(2200, 0, 1) },
      {
        id: 'fn_1',
        type: 'function',
        message: 'refund',
        timestamp: 0,
        function_id: 't2',
        function_args: '{}',
        function_output: 'ok',
      },
    ];
    const app = renderSessions(`/sessions/${LIVE.streamSid}`, detailRoutes(LIVE, messages));
    await waitFor(() => expect(lines()).toEqual(['Agent @ Invalid Date: Hello', 'Caller @ Invalid Date: Hi']));
    const tool = log().querySelector<HTMLElement>('[data-message-type="function"]')!;
    expect(tool.textContent).toContain('Invalid Date');
    await app.user.click(within(tool).getByRole('button', { name: 'Function: refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'refund' });
    expect(dialog.textContent).toContain('Function call at Invalid Date');
  });
});
