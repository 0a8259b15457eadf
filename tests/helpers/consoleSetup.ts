import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { FakeWebSocket } from './consoleFakeWebSocket.js';

// Pages are lazy (issue 12): the first visit of one in a test file waits for its modules to be
// transformed, which on a busy machine can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  FakeWebSocket.reset();
});
