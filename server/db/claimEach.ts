/**
 * The compare-and-set claim the database queues share (analysisClaims.ts, webhookClaims.ts): each
 * row seen as due is claimed with a fresh token by an UPDATE that still requires it to be due, so
 * of two instances that saw the same row only one gets it back.
 */
import { randomUUID } from 'node:crypto';

export interface Claimed<R> {
  row: R;
  /** Only the holder of this token may store the claimed work's outcome. */
  token: string;
}

/** Claims the rows `ids` one by one with `claim(id, token)`, which answers the row when it was still due. */
export async function claimEach<R>(
  ids: readonly string[],
  claim: (id: string, token: string) => Promise<R | undefined>,
): Promise<Claimed<R>[]> {
  const claimed: Claimed<R>[] = [];
  for (const id of ids) {
    const token = randomUUID();
    const row = await claim(id, token);
    if (row) claimed.push({ row, token });
  }
  return claimed;
}
