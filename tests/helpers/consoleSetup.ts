import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { FakeWebSocket } from './consoleFakeWebSocket.js';

// Pages are lazy (issue 12): the first visit of one in a test file waits for its modules to be
// transformed, which on a busy machine can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

/** happy-dom's own handle on its window (vitest's happy-dom environment). */
const happyDOM = (globalThis as { happyDOM?: { setURL(url: string): void } }).happyDOM;

afterEach(() => {
  cleanup();
  // Files of a worker share one window (isolate: false): a test that follows a download link
  // leaves the window at its blob: address, where the next file's relative URLs would not resolve.
  happyDOM?.setURL('http://localhost:3000/');
  localStorage.clear();
  FakeWebSocket.reset();
});
