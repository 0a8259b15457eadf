/**
 * findParents looks the page's calls and chats up by id alone (the planner would otherwise walk
 * the owner's whole index) and checks the owner itself: another user's ids come back as nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findHits } from '../../server/db/historyHits.js';
import { findParents, parentKey } from '../../server/db/historyParents.js';
import { parseSearchText } from '../../server/history/parseSearchText.js';
import { seedBot, seedCall, seedChat } from '../helpers/seedHistory.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/serverApp.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await t.createUser(), await t.createUser()];
});
afterAll(() => t.close());

it("finds the owner's calls and chats by id and never another user's", async () => {
  const start = Date.UTC(2026, 0, 5);
  const turns = [{ question: 'Where is my parcel?', answer: 'On its way.' }];
  const ownCall = await seedCall(t.db, { userId: alice.id, start, messages: [{ type: 'user', message: 'hello' }] });
  const otherCall = await seedCall(t.db, { userId: bob.id, start, messages: [{ type: 'user', message: 'hello' }] });
  const ownChat = await seedChat(t.db, { userId: alice.id, webchatId: await seedBot(t.db, alice.id), start, turns });
  const otherChat = await seedChat(t.db, { userId: bob.id, webchatId: await seedBot(t.db, bob.id), start, turns });

  const found = await findParents(t.db, alice.id, [
    { kind: 'call', id: ownCall },
    { kind: 'call', id: otherCall },
    { kind: 'chat', id: ownChat },
    { kind: 'chat', id: otherChat },
    { kind: 'chat', id: 'no-such-chat' },
  ]);

  expect([...found.keys()].sort()).toEqual(
    [parentKey({ kind: 'call', id: ownCall }), parentKey({ kind: 'chat', id: ownChat })].sort(),
  );
  expect(found.get(parentKey({ kind: 'call', id: ownCall }))).toMatchObject({ kind: 'call', messageCount: 1 });
  expect(found.get(parentKey({ kind: 'chat', id: ownChat }))).toMatchObject({ kind: 'chat', sourceName: 'Help bot' });
});

it("a date range where the owner holds most entries still never finds another user's words", async () => {
  const day = Date.UTC(2026, 1, 10);
  // Written interleaved, so Bob's entries sit inside the rid window of Alice's day.
  for (let i = 0; i < 6; i++) {
    await seedCall(t.db, {
      userId: alice.id,
      start: day + i * 60_000,
      messages: [{ type: 'user', message: `kumquat order ${i}` }],
    });
    if (i % 3 === 0)
      await seedCall(t.db, {
        userId: bob.id,
        start: day + i * 60_000,
        messages: [{ type: 'user', message: 'kumquat for bob' }],
      });
  }
  const filters = {
    terms: parseSearchText('kumquat'),
    kinds: ['call', 'chat'] as Array<'call' | 'chat'>,
    from: day,
    to: day + 3_600_000,
  };
  const aliceHits = await findHits(t.db, alice.id, filters, { limit: 50 });
  expect(aliceHits).toHaveLength(6);
  const bobHits = await findHits(t.db, bob.id, filters, { limit: 50 });
  expect(bobHits).toHaveLength(2);
});
