/** Polls `condition` every 10 ms until it holds; rejects after `timeoutMs` (for async fakes). */
export async function waitUntil(condition: () => boolean, timeoutMs = 8000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
