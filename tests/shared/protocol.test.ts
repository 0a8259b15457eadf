import { describe, expect, it } from 'vitest';
import { reconnectDelay } from '../../shared/defaults.js';
import { parseClientMessage, parseServerMessage, sessionFromCreatedEvent } from '../../shared/protocol.js';

describe('real-time protocol', () => {
  it('narrows known server frames and rejects the rest', () => {
    expect(parseServerMessage('{"type":"auth.error","error":"bad"}')).toEqual({ type: 'auth.error', error: 'bad' });
    expect(parseServerMessage('{"type":"nope"}')).toBeNull();
    expect(parseServerMessage('not json')).toBeNull();
    expect(parseServerMessage('[1,2]')).toBeNull();
  });

  it('narrows client frames', () => {
    expect(parseClientMessage('{"type":"ping"}')).toEqual({ type: 'ping' });
    expect(parseClientMessage('{"type":"user.logout","timestamp":5}')).toEqual({ type: 'user.logout', timestamp: 5 });
    expect(parseClientMessage('{"type":"admin.escalate"}')).toBeNull();
  });

  it('fills session defaults from a session.created event', () => {
    const session = sessionFromCreatedEvent({ type: 'session.created', streamSid: 'MZ1', agentId: 'a', startTime: 1 });
    expect(session).toMatchObject({
      fromPhoneNumber: 'Unknown',
      toPhoneNumber: 'Unknown',
      callType: 'unknown',
      active: true,
    });
    expect(sessionFromCreatedEvent({ type: 'session.created', streamSid: '', agentId: 'a', startTime: 1 })).toBeNull();
  });

  it('backs off 1000 ms × 2^n capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
