/**
 * A test file's chat bed (chatServer.ts): started before its tests, closed after them, with the
 * fake model's queue and recorded requests cleared before each test.
 *
 *   const bed = useChatBed({ chat: { streamsPerBot: 2 } });
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type ChatBed, type ChatBedOptions, startChatBed } from './chatServer.js';

export function useChatBed(options: ChatBedOptions = {}): ChatBed {
  let started: ChatBed | undefined;
  beforeAll(async () => {
    started = await startChatBed(options);
  });
  afterAll(() => started?.close());
  beforeEach(() => started?.fake.reset());
  // The bed exists once beforeAll has run, after the file's top level: its fields are read through.
  return new Proxy({} as ChatBed, {
    get: (_target, key) => {
      if (!started) throw new Error('the chat bed starts in beforeAll: use it inside a test or a hook');
      return Reflect.get(started, key);
    },
  });
}
