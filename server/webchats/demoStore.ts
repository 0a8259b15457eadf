/**
 * The demos of a user's bots (spec part 2 §3, §7) as use cases the routes call: a bot or demo of
 * another user is 404 like a missing one, and a bot has at most USER_QUOTAS.demosPerWebchat demos.
 */
import type { Kysely } from 'kysely';
import { USER_QUOTAS } from '../../shared/limits.js';
import type { Demo } from '../../shared/types/webchat.js';
import { notFound, quotaExceeded } from '../core/AppError.js';
import type { Database } from '../db/schema.js';
import { countDemos, deleteDemo, insertDemo, listDemos } from '../db/webchatDemos.js';
import type { OwnAddress } from '../net/ownAddresses.js';
import { parseDemoLink, toDemo } from './demoLinks.js';
import { findOwnedWebchat } from './webchatStore.js';
import { DEMO_NOT_FOUND } from './webchatTexts.js';

export async function listWebchatDemos(
  db: Kysely<Database>,
  userId: string,
  webchatId: string,
  publicUrl: string,
): Promise<Demo[]> {
  const webchat = await findOwnedWebchat(db, userId, webchatId);
  return (await listDemos(db, webchat.id)).map((row) => toDemo(row, publicUrl));
}

export interface NewDemo {
  userId: string;
  webchatId: string;
  /** As sent; checked here after the bot (parseDemoLink), against this server's `own` addresses. */
  link: string;
  own: readonly OwnAddress[];
  publicUrl: string;
}

export async function createDemo(db: Kysely<Database>, demo: NewDemo, now: number): Promise<Demo> {
  const webchat = await findOwnedWebchat(db, demo.userId, demo.webchatId);
  const link = parseDemoLink(demo.link, demo.own);
  if ((await countDemos(db, webchat.id)) >= USER_QUOTAS.demosPerWebchat)
    throw quotaExceeded('demosPerWebchat', 'demos per bot');
  return toDemo(await insertDemo(db, webchat.id, link, now), demo.publicUrl);
}

export async function removeDemo(db: Kysely<Database>, userId: string, demoId: string): Promise<void> {
  if (!(await deleteDemo(db, userId, demoId))) throw notFound(DEMO_NOT_FOUND);
}
