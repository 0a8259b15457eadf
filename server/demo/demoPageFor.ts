/**
 * The public demo page of a demo id (spec part 2 §3 Demo, ARCHITECTURE.md "Demo links"): a page
 * for every outcome, never an error. A link to this server's own pages (refused when demos are
 * made, but one made before that) is never framed.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { findDemoWithWebchat } from '../db/webchatDemos.js';
import { isOwnAddress, type OwnAddress } from '../net/ownAddresses.js';
import { type RenderedPage, renderDemoPage, renderDemoUnavailable } from './demoPage.js';
import type { FramingProbe, FramingVerdict } from './framingProbe.js';

export async function demoPageFor(
  db: Kysely<Database>,
  probe: FramingProbe,
  demoId: string,
  own: readonly OwnAddress[],
): Promise<{ status: 200 | 404; page: RenderedPage }> {
  const found = await findDemoWithWebchat(db, demoId);
  if (!found) return { status: 404, page: renderDemoUnavailable('not_found') };
  const { demo, webchat } = found;
  if (webchat.enabled !== 1) return { status: 404, page: renderDemoUnavailable('inactive') };
  const verdict: FramingVerdict = isOwnAddress(new URL(demo.link), own)
    ? { frameable: false, origins: [] }
    : await probe(demo.link);
  return {
    status: 200,
    page: renderDemoPage({ botName: webchat.name, webchatId: webchat.id, link: demo.link, verdict }),
  };
}
