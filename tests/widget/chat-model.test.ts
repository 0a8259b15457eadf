// @vitest-environment node
// Models hold the widget's state and run without a DOM (STYLE.md rule 6).
import { describe, expect, it } from 'vitest';
import { createChatModel, type ChatTransport } from '../../widget/models/ChatModel.js';

/** A transport whose reply the test streams by hand. */
function manualTransport() {
  const sent: string[] = [];
  let push: (delta: string) => void = () => {};
  let finish: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const transport: ChatTransport = {
    send: (text, onDelta) => {
      sent.push(text);
      push = onDelta;
      return new Promise<void>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
    },
  };
  return { transport, sent, push: (d: string) => push(d), finish: () => finish(), fail: (e: Error) => fail(e) };
}

const texts = (model: ReturnType<typeof createChatModel>) => model.messages.value.map((m) => `${m.role}:${m.text}${m.failed ? ' (failed)' : ''}`);

describe('ChatModel', () => {
  it('shows the welcome message before the conversation and follows changes to it', () => {
    const model = createChatModel({ welcomeMessage: 'Hi!', messages: [{ id: 'a', role: 'user', text: 'Hello' }] });
    expect(texts(model)).toEqual(['assistant:Hi!', 'user:Hello']);
    model.setWelcomeMessage('  ');
    expect(texts(model)).toEqual(['user:Hello']);
  });

  it('without a transport marks the message not sent and says "not connected"', async () => {
    const model = createChatModel();
    model.setDraft('  Is anyone there?  ');
    await model.send();
    expect(texts(model)).toEqual(['user:Is anyone there? (failed)']);
    expect(model.notice.value).toBe('notConnected');
    expect(model.draft.value).toBe('');
  });

  it('ignores a blank draft', async () => {
    const model = createChatModel();
    model.setDraft('   ');
    await model.send();
    expect(model.messages.value).toEqual([]);
    expect(model.notice.value).toBeNull();
  });

  it('streams the reply into one assistant bubble and refuses a second send meanwhile', async () => {
    const wire = manualTransport();
    const model = createChatModel({ transport: wire.transport });
    model.setDraft('Opening hours?');
    const done = model.send();
    expect(model.sending.value).toBe(true);
    model.setDraft('again');
    await model.send();
    expect(wire.sent).toEqual(['Opening hours?']);
    wire.push('Nine ');
    wire.push('to five.');
    expect(texts(model)).toEqual(['user:Opening hours?', 'assistant:Nine to five.']);
    wire.finish();
    await done;
    expect(model.sending.value).toBe(false);
    expect(model.notice.value).toBeNull();
  });

  it('marks the message failed when the transport fails, and clears the notice on the next send', async () => {
    const wire = manualTransport();
    const model = createChatModel({ transport: wire.transport });
    model.setDraft('Hello');
    const done = model.send();
    wire.fail(new Error('offline'));
    await done;
    expect(texts(model)).toEqual(['user:Hello (failed)']);
    expect(model.notice.value).toBe('failed');
    model.setDraft('Hello again');
    const next = model.send();
    expect(model.notice.value).toBeNull();
    wire.finish();
    await next;
  });

  it('copies sample messages, so a caller mutating its array changes nothing', () => {
    const samples = [{ id: 's', role: 'system' as const, text: 'Agent joined' }];
    const model = createChatModel({ messages: samples });
    samples[0]!.text = 'changed';
    expect(texts(model)).toEqual(['system:Agent joined']);
  });
});
