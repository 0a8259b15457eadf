import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { FakeWebSocket } from './consoleFakeWebSocket.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
  FakeWebSocket.reset();
});
