import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decodeG711, linearToMuLaw } from '../../console/lib/audio/g711.js';
import { decodePcm16 } from '../../console/lib/audio/pcm16.js';
import { ADMIN, renderConsole, USER } from '../helpers/consoleRender.js';
import { detailRoutes } from './agents-fixtures.js';
import {
  AGENT,
  liveCall,
  openAgentPage,
  openTalk,
  READY,
  SESSION_ID,
  startCall,
  swapMicrophone,
  talkSocket,
  withFakeAudio,
} from './talk-fixtures.js';

const audio = withFakeAudio();

describe('Talk panel: the microphone', () => {
  it('opens from the Talk button beside Call and asks for the microphone only on Start', async () => {
    const { app } = await openAgentPage();
    const header = screen.getByRole('button', { name: 'Call' }).parentElement as HTMLElement;
    expect(within(header).getByRole('button', { name: 'Talk' })).toBeTruthy();
    const dialog = await openTalk(app);
    expect(within(dialog).getByText(/Your browser asks for the microphone/)).toBeTruthy();
    expect(audio.current.requests).toHaveLength(0);
    expect(talkSocket()).toBeUndefined();
    await startCall(app, dialog);
    expect(audio.current.requests).toEqual([
      { audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true } },
    ]);
  });

  it('says the microphone is blocked, and how to allow it, when permission is denied; no call is placed', async () => {
    swapMicrophone({ grant: false, error: 'NotAllowedError' });
    const { app } = await openAgentPage();
    const dialog = await openTalk(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Start talking' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The microphone is blocked');
    expect(alert.textContent).toContain('set Microphone to Allow');
    expect(talkSocket()).toBeUndefined();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBe(document.activeElement);
  });

  it('says when there is no microphone, or when the page is not secure', async () => {
    swapMicrophone({ grant: false, error: 'NotFoundError' });
    const { app } = await openAgentPage();
    let dialog = await openTalk(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Start talking' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('No microphone found');

    audio.current.removeMicrophone();
    await app.user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('secure page'));
    await app.user.keyboard('{Escape}');
    dialog = await openTalk(app);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('Talk panel: starting', () => {
  it('offers the token in the subprotocols and starts without settings when nothing is unsaved', async () => {
    const { app } = await openAgentPage();
    const dialog = await openTalk(app);
    expect(within(dialog).queryByText(/Talking with your unsaved changes/)).toBeNull();
    const socket = await startCall(app, dialog);
    expect(new URL(socket.url).pathname).toBe('/api/agents/a2/talk');
    expect(socket.url).not.toContain('token');
    expect(socket.protocols).toEqual(['switchboard', 'bearer.test-token']);
    expect(socket.messages).toEqual([{ type: 'start' }]);
    expect(within(dialog).getByText('Connecting...')).toBeTruthy();
  });

  it('talks as the impersonated user while an admin impersonates', async () => {
    const app = renderConsole({
      path: '/agents/a2',
      session: { user: ADMIN, impersonating: USER },
      routes: detailRoutes(AGENT),
    });
    await screen.findByRole('heading', { name: 'Sales Bot', level: 1 });
    const dialog = await openTalk(app);
    const socket = await startCall(app, dialog);
    expect(new URL(socket.url).searchParams.get('impersonate')).toBe(USER.id);
  });

  it("sends the page's unsaved edits in start and says they are used", async () => {
    const { app } = await openAgentPage();
    const instructions = screen.getByLabelText('Instructions');
    await app.user.clear(instructions);
    await app.user.type(instructions, 'Only sell umbrellas.');
    const dialog = await openTalk(app);
    expect(within(dialog).getByText(/Talking with your unsaved changes/)).toBeTruthy();
    await app.user.click(within(dialog).getByRole('switch', { name: 'High quality audio' }));
    const socket = await startCall(app, dialog);
    expect(socket.messages).toEqual([
      { type: 'start', settings: { instructions: 'Only sell umbrellas.' }, highQuality: true },
    ]);
    act(() => socket.receive({ ...READY, unsaved: true }));
    await within(dialog).findByText('Live');
    expect(within(dialog).getByText(/Talking with your unsaved changes/)).toBeTruthy();
    // Talking saves nothing.
    expect(app.fake.callsTo('PATCH /agents/a2')).toHaveLength(0);
  });
});

describe('Talk panel: a live call', () => {
  it('goes live on ready: a level meter, Hang up focused, and 20 ms μ-law frames of the microphone', async () => {
    const { dialog, socket } = await liveCall();
    const hangUp = within(dialog).getByRole('button', { name: 'Hang up' });
    await waitFor(() => expect(document.activeElement).toBe(hangUp));
    const meter = within(dialog).getByRole('meter', { name: 'Microphone level' });
    expect(Number(meter.getAttribute('value'))).toBe(0);
    expect(audio.current.context.modules[0]).toMatch(/captureWorklet\.js$/);

    const worklet = await waitFor(() => audio.current.worklet);
    // 60 ms of a loud 400 Hz tone at the context's 48 kHz, in the worklet's 20 ms batches.
    for (let batch = 0; batch < 3; batch++) {
      act(() =>
        worklet.capture(
          Float32Array.from({ length: 960 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 400 * (batch * 960 + i)) / 48000)),
        ),
      );
    }
    expect(socket.sentBinary.length).toBeGreaterThanOrEqual(2);
    for (const frame of socket.sentBinary) expect(frame).toHaveLength(160);
    // Not silence: the tone went through.
    expect(socket.sentBinary[1]!.some((code) => code !== linearToMuLaw(0))).toBe(true);
    expect(Number(meter.getAttribute('value'))).toBeGreaterThan(50);
  });

  it.each([
    ['g711_alaw', 8000, 160],
    ['pcm16', 24000, 960],
  ] as const)('speaks %s when ready names it: %i Hz, %i-byte frames both ways', async (format, sampleRate, bytes) => {
    const { socket } = await liveCall({ format, sampleRate });
    const worklet = await waitFor(() => audio.current.worklet);
    for (let batch = 0; batch < 4; batch++) {
      act(() =>
        worklet.capture(
          Float32Array.from({ length: 960 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 400 * (batch * 960 + i)) / 48000)),
        ),
      );
    }
    expect(socket.sentBinary.length).toBeGreaterThanOrEqual(2);
    for (const frame of socket.sentBinary) expect(frame).toHaveLength(bytes);
    const heard = format === 'pcm16' ? decodePcm16(socket.sentBinary[1]!) : decodeG711(socket.sentBinary[1]!, 'alaw');
    const peak = Math.max(...heard.map(Math.abs));
    expect(peak).toBeGreaterThan(0.4);
    expect(peak).toBeLessThan(0.6);

    act(() => socket.receiveBinary(new Uint8Array(bytes)));
    const played = audio.current.context.sources[0]!.buffer!;
    expect(played.sampleRate).toBe(sampleRate);
    expect(played.length).toBe(160 * (sampleRate / 8000));
  });

  it("plays the agent's audio back to back at the frame's rate", async () => {
    const { socket } = await liveCall();
    const context = audio.current.context;
    act(() => socket.receiveBinary(new Uint8Array(160).fill(0x80)));
    act(() => socket.receiveBinary(new Uint8Array(160).fill(0x00)));
    const [first, second] = context.sources;
    expect(first!.buffer!.sampleRate).toBe(8000);
    expect(first!.buffer!.length).toBe(160);
    expect(first!.buffer!.data[0]).toBeCloseTo(32124 / 32768, 4);
    expect(second!.startedAt! - first!.startedAt!).toBeCloseTo(0.02, 6);
  });

  it('answers a mark only once the audio before it has played', async () => {
    const { socket } = await liveCall();
    const context = audio.current.context;
    act(() => socket.receiveBinary(new Uint8Array(160).fill(0xff)));
    act(() => socket.receive({ type: 'mark', name: 'item_1:20:g1:m1' }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(socket.messages).not.toContainEqual({ type: 'mark', name: 'item_1:20:g1:m1' });
    const end = context.sources[0]!.startedAt! + 0.02;
    context.currentTime = end;
    await waitFor(() => expect(socket.messages).toContainEqual({ type: 'mark', name: 'item_1:20:g1:m1' }));
    // Nothing queued: a mark is answered at once.
    act(() => socket.receive({ type: 'mark', name: 'item_1:20:g1:m2' }));
    expect(socket.messages.filter((m) => (m as { type: string }).type === 'mark')).toHaveLength(2);
  });

  it('stops playback at once on clear, drops what was queued and sends pending marks back', async () => {
    const { socket } = await liveCall();
    const context = audio.current.context;
    for (let i = 0; i < 5; i++) act(() => socket.receiveBinary(new Uint8Array(160).fill(0x80)));
    act(() => socket.receive({ type: 'mark', name: 'm-before-clear' }));
    act(() => socket.receive({ type: 'clear' }));
    expect(context.sources.every((source) => source.stopped)).toBe(true);
    expect(socket.messages).toContainEqual({ type: 'mark', name: 'm-before-clear' });
    // What comes after the clear plays at once (after the start lead), not after the dropped queue.
    act(() => socket.receiveBinary(new Uint8Array(160).fill(0x80)));
    expect(context.sources.at(-1)!.startedAt).toBeCloseTo(0.06, 6);
  });

  it('streams the transcript of the session beside the call, tool calls as on a session page', async () => {
    const { channel, dialog } = await liveCall();
    const event = { streamSid: SESSION_ID, timestamp: Date.now() };
    act(() =>
      channel.receive({ type: 'call.message', item_id: 'i1', message: 'Hello, ', message_type: 'assistant', ...event }),
    );
    act(() =>
      channel.receive({
        type: 'call.message',
        item_id: 'i1',
        message: 'how can I help?',
        message_type: 'assistant',
        ...event,
        timestamp: event.timestamp + 1,
      }),
    );
    act(() =>
      channel.receive({
        type: 'call.message',
        item_id: 'x',
        message: 'Another call',
        message_type: 'assistant',
        ...event,
        streamSid: 'CA-other',
      }),
    );
    act(() =>
      channel.receive({
        type: 'call.function_output',
        function_id: 't1',
        message: 'lookup_order',
        function_args: '{}',
        output: 'ok',
        ...event,
      }),
    );
    const log = within(dialog).getByRole('log', { name: 'Transcript' });
    await waitFor(() => expect(log.textContent).toContain('Hello, how can I help?'));
    expect(log.textContent).not.toContain('Another call');
    expect(within(log).getByRole('button', { name: /Function: lookup_order/ })).toBeTruthy();
  });

  it('Hang up sends hangup, closes, stops the microphone and says the call ended', async () => {
    const { app, dialog, socket } = await liveCall();
    await app.user.click(within(dialog).getByRole('button', { name: 'Hang up' }));
    expect(socket.messages.at(-1)).toEqual({ type: 'hangup' });
    expect(socket.closedWith?.code).toBe(1000);
    expect(within(dialog).getByText('Call ended')).toBeTruthy();
    expect(within(dialog).getByText('You hung up.')).toBeTruthy();
    expect(audio.current.streams[0]!.tracks[0]!.stopped).toBe(true);
    expect(audio.current.context.state).toBe('closed');
    const link = within(dialog).getByRole('link', { name: 'Open the session' });
    expect(link.getAttribute('href')).toBe(`/sessions/${SESSION_ID}`);
    expect(within(dialog).getByRole('button', { name: 'Talk again' })).toBe(document.activeElement);
  });

  it('ends with the reason when the server ends the call', async () => {
    const { dialog, socket } = await liveCall();
    act(() => socket.receive({ type: 'ended', reason: 'The agent ended the call.' }));
    act(() => socket.serverClose(1000));
    expect(await within(dialog).findByText('Call ended')).toBeTruthy();
    expect(within(dialog).getByText('The agent ended the call.')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('Talk panel: keyboard', () => {
  it('is reached by keyboard, starts with Enter, and Escape hangs up and closes', async () => {
    const { app } = await openAgentPage();
    const talk = screen.getByRole('button', { name: 'Talk' });
    talk.focus();
    await app.user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Talk with Sales Bot' });
    const start = within(dialog).getByRole('button', { name: 'Start talking' });
    await waitFor(() => expect(document.activeElement).toBe(start));
    await app.user.keyboard('{Enter}');
    const socket = await waitFor(() => talkSocket()!);
    act(() => socket.open());
    act(() => socket.receive(READY));
    await within(dialog).findByText('Live');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(socket.messages.at(-1)).toEqual({ type: 'hangup' });
    expect(socket.closedWith?.code).toBe(1000);
    await waitFor(() => expect(document.activeElement).toBe(talk));
  });
});
