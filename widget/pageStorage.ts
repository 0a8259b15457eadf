/**
 * The customer page's localStorage, which the widget shares with the page (first-party: no
 * third-party cookie). Merely touching localStorage throws in sandboxed iframes and some privacy
 * modes: then nothing is kept, reads find nothing, and the widget starts afresh on each load.
 */
function attempt<T>(use: (storage: Storage) => T): T | null {
  try {
    return use(localStorage);
  } catch {
    return null;
  }
}

export const pageStorage = {
  read: (key: string): string | null => attempt((storage) => storage.getItem(key)),
  write: (key: string, value: string): void => void attempt((storage) => storage.setItem(key, value)),
  remove: (key: string): void => void attempt((storage) => storage.removeItem(key)),
};
