import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  detailRoutes,
  LIVE,
  MESSAGES,
  NOW,
  openSocket,
  pinClock,
  renderSessions,
  send,
  waitFor,
} from './sessions-fixtures.js';

const log = () => screen.getByRole('log', { name: 'Transcript' });
const lines = () =>
  Array.from(log().querySelectorAll('[data-message-type]')).map((el) =>
    el.getAttribute('data-message-type') === 'function'
      ? `function: ${within(el as HTMLElement)
          .getByRole('button')
          .textContent!.trim()}`
      : `${el.querySelector('.rt-Text')!.textContent}: ${el.querySelector('p')!.textContent}`,
  );

const delta = (item_id: string, message: string, timestamp: number, extra: Record<string, unknown> = {}) => ({
  type: 'call.message',
  streamSid: LIVE.streamSid,
  item_id,
  message,
  message_type: 'assistant',
  timestamp,
  ...extra,
});

const FUNCTION_OUTPUT = {
  type: 'call.function_output',
  streamSid: LIVE.streamSid,
  function_id: 't1',
  message: 'lookup_order',
  function_args: '{"orderId":"A-17","verbose":true}',
  output: 'Order A-17 ships tomorrow',
  timestamp: NOW + 4000,
};

pinClock();

async function openTranscript(messages = MESSAGES) {
  const app = renderSessions(`/sessions/${LIVE.streamSid}`, detailRoutes(LIVE, messages));
  await screen.findByText('Active Session');
  const socket = await openSocket();
  // Opening the socket reloads the stored messages once; wait for it so it cannot race the events.
  await waitFor(() => expect(app.fake.callsTo(`GET /sessions/messages/${LIVE.streamSid}`)).toHaveLength(2));
  return { app, socket };
}

describe('session transcript', () => {
  it('shows stored messages by speaker in a polite log at most 500 px high', async () => {
    await openTranscript();
    await waitFor(() => expect(lines()).toEqual(['Agent: Hello, how can I help?', 'Caller: Where is my order?']));
    expect(log().getAttribute('aria-live')).toBe('polite');
    expect(log().style.maxHeight).toBe('500px');
    expect(log().tabIndex).toBe(0);
  });

  it("says 'No messages in this session yet' when there are none, and when they cannot be loaded", async () => {
    renderSessions(
      `/sessions/${LIVE.streamSid}`,
      detailRoutes(LIVE, [], { [`GET /sessions/messages/${LIVE.streamSid}`]: { status: 500 } }),
    );
    expect(await screen.findByText('No messages in this session yet')).toBeTruthy();
  });

  it('appends deltas to the message with the same item id and starts a new message for a new item', async () => {
    const { socket } = await openTranscript([]);
    await screen.findByText('No messages in this session yet');
    send(socket, delta('item_9', 'Your order', NOW + 1000));
    send(socket, delta('item_9', ' ships', NOW + 1001));
    send(socket, delta('item_10', 'Thanks', NOW + 1500, { message_type: 'user' }));
    send(socket, delta('item_9', ' tomorrow.', NOW + 1002));
    expect(lines()).toEqual(['Agent: Your order ships tomorrow.', 'Caller: Thanks']);
    expect(screen.queryByText('No messages in this session yet')).toBeNull();
  });

  it("names the operator's take-over and hand-back lines 'Operator', like the caller's and the agent's (issue 23)", async () => {
    const { socket } = await openTranscript([]);
    await screen.findByText('No messages in this session yet');
    send(socket, delta('operator_1', 'sam took over the call', NOW + 1000, { message_type: 'operator' }));
    expect(lines()).toEqual(['Operator: sam took over the call']);
  });

  it('skips an event with the same item id and timestamp, and events of other sessions', async () => {
    const { socket } = await openTranscript([]);
    await screen.findByText('No messages in this session yet');
    send(socket, delta('item_9', 'Hello', NOW + 1000));
    send(socket, delta('item_9', 'Hello', NOW + 1000));
    send(socket, delta('item_9', '!', NOW + 1001));
    send(socket, delta('item_9', '!', NOW + 1001));
    send(socket, { ...delta('item_9', ' (other call)', NOW + 1002), streamSid: 'MZother' });
    send(socket, { ...delta('', 'no item', NOW + 1003) });
    expect(lines()).toEqual(['Agent: Hello!']);
  });

  it('continues after the stored messages, and a stored item is not shown twice', async () => {
    const { socket } = await openTranscript();
    await waitFor(() => expect(lines()).toHaveLength(2));
    send(socket, delta('item_2', 'Where is my order?', NOW - 55_000, { message_type: 'user' }));
    send(socket, delta('item_3', 'Let me check.', NOW + 2000));
    expect(lines()).toEqual(['Agent: Hello, how can I help?', 'Caller: Where is my order?', 'Agent: Let me check.']);
  });

  it('adds a function message that opens a dialog with the tool link, pretty arguments and the output', async () => {
    const { app, socket } = await openTranscript([]);
    await screen.findByText('No messages in this session yet');
    send(socket, FUNCTION_OUTPUT);
    send(socket, FUNCTION_OUTPUT);
    expect(lines()).toEqual(['function: Function: lookup_order']);
    const trigger = screen.getByRole('button', { name: 'Function: lookup_order' });
    await app.user.click(trigger);

    const dialog = await screen.findByRole('dialog', { name: 'lookup_order' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByRole('link', { name: 'lookup_order' }).getAttribute('href')).toBe('/tools/t1');
    const args = within(dialog).getByRole('region', { name: 'Arguments' });
    expect(args.querySelector('pre')!.textContent).toBe('{\n  "orderId": "A-17",\n  "verbose": true\n}');
    const output = within(dialog).getByRole('region', { name: 'Output' });
    expect(output.querySelector('pre')!.textContent).toBe('Order A-17 ships tomorrow');

    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('opens a stored function message too, and its Tool link leads to the tool', async () => {
    const stored = {
      id: 'fn_1',
      type: 'function',
      message: 'refund',
      timestamp: NOW - 10_000,
      function_id: 't2',
      function_args: '{"amount":12}',
      function_output: '{"ok":true}',
    };
    const { app } = await openTranscript([...MESSAGES, stored]);
    await app.user.click(await screen.findByRole('button', { name: 'Function: refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'refund' });
    expect(within(dialog).getByRole('region', { name: 'Output' }).querySelector('pre')!.textContent).toBe(
      '{\n  "ok": true\n}',
    );
    await app.user.click(within(dialog).getByRole('link', { name: 'refund' }));
    await waitFor(() => expect(app.location()).toBe('/tools/t2'));
  });

  it("links an MCP tool's call to the MCP Servers tab (issue 22)", async () => {
    const { app, socket } = await openTranscript([]);
    await screen.findByText('No messages in this session yet');
    send(socket, { ...FUNCTION_OUTPUT, function_id: 'mcp:s1:lookup_order' });
    await app.user.click(screen.getByRole('button', { name: 'Function: lookup_order' }));
    const dialog = await screen.findByRole('dialog', { name: 'lookup_order' });
    expect(within(dialog).getByRole('link', { name: 'lookup_order' }).getAttribute('href')).toBe('/tools?tab=mcp');
  });
});

describe('session transcript scrolling', () => {
  /** Gives the log a layout: 500 px visible, `content` px of messages. */
  function layout(box: HTMLElement, content: { height: number }) {
    let top = 0;
    Object.defineProperty(box, 'clientHeight', { configurable: true, get: () => 500 });
    Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => content.height });
    Object.defineProperty(box, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => (top = v) });
  }

  it('follows the newest message while the reader is at the end, and keeps their place when they scrolled up', async () => {
    const { app, socket } = await openTranscript();
    await waitFor(() => expect(lines()).toHaveLength(2));
    const box = log();
    const content = { height: 1200 };
    layout(box, content);

    send(socket, delta('item_3', 'One', NOW + 1000));
    expect(box.scrollTop).toBe(1200);

    content.height = 1300;
    send(socket, delta('item_3', ' two', NOW + 1001));
    expect(box.scrollTop).toBe(1300);

    // The reader scrolls up to read: new text must not pull them down.
    box.scrollTop = 200;
    fireEvent.scroll(box);
    content.height = 1400;
    send(socket, delta('item_4', 'Three', NOW + 2000));
    expect(box.scrollTop).toBe(200);
    const jump = screen.getByRole('button', { name: 'Jump to latest' });

    await app.user.click(jump);
    expect(box.scrollTop).toBe(1400);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
    content.height = 1500;
    send(socket, delta('item_4', ' four', NOW + 2001));
    expect(box.scrollTop).toBe(1500);
  });

  it('hides "Jump to latest" when the reader scrolls back to the end themselves', async () => {
    const { socket } = await openTranscript();
    await waitFor(() => expect(lines()).toHaveLength(2));
    const box = log();
    const content = { height: 1200 };
    layout(box, content);
    box.scrollTop = 100;
    fireEvent.scroll(box);
    send(socket, delta('item_3', 'New', NOW + 1000));
    expect(screen.getByRole('button', { name: 'Jump to latest' })).toBeTruthy();
    box.scrollTop = 690;
    act(() => void fireEvent.scroll(box));
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
  });
});
