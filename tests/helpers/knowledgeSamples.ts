/**
 * A small shop's knowledge base for knowledge tests: a few pages on distinct topics, one long page
 * whose passages each hold one topic, and a bot to keep it with.
 */

import type { KnowledgeInput } from '../../server/db/knowledge.js';
import { insertWebchat } from '../../server/db/webchats.js';
import { NEW_WEBCHAT_COLUMNS } from '../../server/webchats/toWebchat.js';
import type { TestApp } from './serverApp.js';

const filler = (topic: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `Paragraph ${i + 1} about ${topic} goes on for a while so that the page is long enough.`,
  ).join('\n\n');

/** About 3,000 characters: delivery first, then warranty, each a few passages of its own. */
export const LONG_PAGE_TEXT = [
  `Delivery. Parcels leave our warehouse every weekday and couriers deliver within three days.\n\n${filler('couriers', 12)}`,
  `Warranty. Every bicycle frame has a lifetime warranty against manufacturing defects.\n\n${filler('frames', 12)}`,
].join('\n\n');

export const SHOP_KNOWLEDGE: KnowledgeInput = {
  siteUrl: 'shop.example',
  summary: 'A bicycle shop in Lyon selling bikes, helmets and repairs.',
  pages: [
    {
      url: 'https://shop.example/',
      text: 'Welcome to the shop. We sell city bikes, helmets and locks.',
      selected: true,
    },
    {
      url: 'https://shop.example/hours',
      text: 'Opening hours: Monday to Friday, 9:00 to 18:00. Closed on Sundays.',
      selected: true,
    },
    {
      url: 'https://shop.example/refunds',
      text: 'Refund policy: unused items are refunded within 30 days of purchase.',
      selected: true,
    },
    {
      url: 'https://shop.example/café',
      text: 'Our Café serves espresso to customers waiting for a repair.',
      selected: true,
    },
    { url: 'https://shop.example/guide', text: LONG_PAGE_TEXT, selected: true },
    {
      url: 'https://shop.example/internal',
      text: 'Staff only: the safe code and the refund override password.',
      selected: false,
    },
    { url: 'https://shop.example/broken', text: '', selected: true },
  ],
};

/** A bot of a new user, straight in the database. */
export async function botOfNewUser(t: TestApp, name = 'Shop'): Promise<string> {
  const user = await t.createUser();
  return (await insertWebchat(t.db, user.id, { ...NEW_WEBCHAT_COLUMNS, name, description: 'd' }, [], t.clock.now())).row
    .id;
}
