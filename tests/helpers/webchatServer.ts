/**
 * Shortcuts for the web chat server tests: a signed-in caller of the test app and a bot of theirs.
 *
 *   const alice = await signedIn(t);
 *   const bot = await alice.createBot({ name: 'Help' });
 *   await alice.call('PUT', `/api/webchats/${bot.id}`, { temperature: 1 });
 */

import { expect } from 'vitest';
import { insertWebchat } from '../../server/db/webchats.js';
import { NEW_WEBCHAT_COLUMNS } from '../../server/webchats/toWebchat.js';
import { USER_QUOTAS } from '../../shared/limits.js';
import type { Webchat, WebchatInput } from '../../shared/types/webchat.js';
import type { TestApp, TestUser } from './serverApp.js';
import { type SignedInCaller, signedInCaller } from './signedInCaller.js';

export type { Method } from './signedInCaller.js';

export interface WebchatCaller extends SignedInCaller {
  /** POST /api/webchats with a name and description unless given; expects 201. */
  createBot: (fields?: WebchatInput) => Promise<Webchat>;
}

export async function signedIn(t: TestApp, fields: Partial<TestUser> = {}): Promise<WebchatCaller> {
  const caller = await signedInCaller(t, fields);
  const { call } = caller;
  const createBot: WebchatCaller['createBot'] = async (body = {}) => {
    const response = await call('POST', '/api/webchats', {
      name: 'Support',
      description: 'Answers questions',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Webchat>();
  };
  return { ...caller, createBot };
}

/** Gives the user as many bots as the quota allows (USER_QUOTAS.webchats), written straight to the database. */
export async function fillBotQuota(t: TestApp, userId: string): Promise<void> {
  for (let i = 0; i < USER_QUOTAS.webchats; i += 1) {
    await insertWebchat(
      t.db,
      userId,
      { ...NEW_WEBCHAT_COLUMNS, name: `Bot ${i}`, description: 'd' },
      [],
      t.clock.now(),
    );
  }
}

/** A minimal valid image of each type the avatar accepts, as a data URL. */
export const AVATARS = {
  png: `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64')}`,
  jpeg: `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]).toString('base64')}`,
  webp: `data:image/webp;base64,${Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WEBPVP8 ')]).toString('base64')}`,
} as const;
