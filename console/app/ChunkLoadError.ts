/**
 * A piece of the console's code (a page, a dialog, a menu) that could not be fetched or run. After
 * a deploy the old hashed files are gone, so a tab opened before it fails to fetch the next page it
 * needs: only a reload, which loads the new entry, helps (issue 12).
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(cause: unknown) {
    super(`Could not load part of the console: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
