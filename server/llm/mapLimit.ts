/**
 * Runs `work` over the items with at most `limit` at once, answers in item order, and on the
 * first failure aborts the rest (through the signal it passes) and rejects with that failure.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal | undefined,
  work: (item: T, index: number, signal: AbortSignal) => Promise<R>,
): Promise<R[]> {
  const stop = new AbortController();
  const joined = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length && !joined.aborted) {
      const index = next++;
      // index < items.length; `as T` keeps an item that is itself undefined.
      results[index] = await work(items[index] as T, index, joined);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  } catch (error) {
    stop.abort();
    throw error;
  }
  return results;
}
