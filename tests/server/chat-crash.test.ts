/**
 * A chat answer cut by a crash (issue 12): an answer is written in one transaction only once it is
 * complete (server/chat/answerTurn.ts), so when the process dies mid-stream the conversation keeps
 * its earlier turns and nothing of the cut one, and the visitor's next message is answered as
 * usual. Nothing needs closing at start-up. Real child process killed with SIGKILL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { ChatConversationResponse } from '../../shared/types/chat.js';
import { type FakeOpenAIChat, startFakeOpenAIChat } from '../fixtures/fakeOpenAIChat.js';
import { PROCESS_ADMIN, type ServerProcess, signIn, startServerProcess } from '../helpers/serverProcess.js';
import { readSse, type SseEvent, SseParser } from '../helpers/sseEvents.js';
import { ownTestDatabase } from '../helpers/testDatabase.js';

let dataDir = '';
let fake: FakeOpenAIChat | undefined;
let dropDatabase: () => Promise<void> = async () => undefined;
const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.kill()));
  await fake?.close();
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

async function ask(url: string, botId: string, text: string, conversationId?: string): Promise<SseEvent[]> {
  const response = await fetch(`${url}/api/widget/webchats/${botId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, ...(conversationId ? { conversationId } : {}) }),
  });
  expect(response.status).toBe(200);
  return (await readSse(response.body!)).events;
}

async function kept(
  url: string,
  botId: string,
  conversationId: string,
): Promise<Array<{ role: string; text: string }>> {
  const response = await fetch(`${url}/api/widget/webchats/${botId}/conversations/${conversationId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as ChatConversationResponse).messages.map(({ role, text }) => ({ role, text }));
}

it('keeps no half turn of an answer the process died in, and answers the next message', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-chat-crash-'));
  fake = await startFakeOpenAIChat();
  const own = await ownTestDatabase('sb_chat_crash');
  dropDatabase = own.drop;
  const env = { OPENAI_BASE_URL: fake.baseUrl, ...(own.databaseUrl ? { DATABASE_URL: own.databaseUrl } : {}) };
  const first = await startServerProcess(dataDir, env);
  running.push(first);
  const token = await signIn(first.url, PROCESS_ADMIN.username, PROCESS_ADMIN.password);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  expect(
    (
      await fetch(`${first.url}/api/accounts/settings`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ openai_api_key: 'sk-crash-test-0000' }),
      })
    ).status,
  ).toBe(200);
  const created = await fetch(`${first.url}/api/webchats`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Shop', description: 'Answers questions' }),
  });
  expect(created.status).toBe(201);
  const botId = ((await created.json()) as { id: string }).id;

  fake.enqueue({ text: 'We open at nine.' });
  const answered = await ask(first.url, botId, 'When do you open?');
  expect(answered.at(-1)?.event).toBe('done');
  const conversationId = (answered[0]!.data as { conversationId: string }).conversationId;

  // The second answer streams slowly; the process dies after its first words reached the visitor.
  fake.enqueue({ pieces: ['Refunds ', 'are ', 'possible ', 'within ', 'thirty ', 'days.'], chunkDelayMs: 1_000 });
  const cut = await fetch(`${first.url}/api/widget/webchats/${botId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'Can I get a refund?', conversationId }),
  });
  const parser = new SseParser();
  const seen: string[] = [];
  const decoder = new TextDecoder();
  const reader = cut.body!.getReader();
  while (!seen.includes('delta')) {
    const { value, done } = await reader.read();
    if (done) break;
    seen.push(...parser.push(decoder.decode(value, { stream: true })).map((event) => event.event));
  }
  expect(seen).toEqual(['start', 'delta']);
  await first.kill();
  await expect(reader.read()).rejects.toThrow();

  const second = await startServerProcess(dataDir, env);
  running.push(second);
  expect(await kept(second.url, botId, conversationId)).toEqual([
    { role: 'user', text: 'When do you open?' },
    { role: 'assistant', text: 'We open at nine.' },
  ]);
  fake.enqueue({ text: 'Yes, within thirty days.' });
  const next = await ask(second.url, botId, 'Can I get a refund?', conversationId);
  expect(next.map((event) => event.event).at(-1)).toBe('done');
  expect(await kept(second.url, botId, conversationId)).toEqual([
    { role: 'user', text: 'When do you open?' },
    { role: 'assistant', text: 'We open at nine.' },
    { role: 'user', text: 'Can I get a refund?' },
    { role: 'assistant', text: 'Yes, within thirty days.' },
  ]);
}, 120_000);
