import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TALK_MARKS } from '../../console/features/agents/talk/talkMarks.js';
import { START_LEAD_SECONDS } from '../../console/lib/audio/AudioPlayer.js';
import { liveCall, withFakeAudio } from './talk-fixtures.js';

withFakeAudio();

describe('Talk panel: latency on the Performance timeline', () => {
  it("marks when the agent's first audio is heard, and the time from Start to it, on the Performance timeline", async () => {
    performance.clearMarks();
    performance.clearMeasures();
    const { socket } = await liveCall();
    expect(performance.getEntriesByName(TALK_MARKS.firstAgentAudio)).toHaveLength(0);
    act(() => socket.receiveBinary(new Uint8Array(160).fill(0x80)));
    act(() => socket.receiveBinary(new Uint8Array(160).fill(0x80)));
    const [heard, ...more] = performance.getEntriesByName(TALK_MARKS.firstAgentAudio);
    expect(more).toHaveLength(0);
    // Heard when it is scheduled to play: the player's lead after it came, not the moment it came.
    expect(heard!.startTime).toBeGreaterThan(performance.now() + START_LEAD_SECONDS * 1000 - 50);
    const [measure] = performance.getEntriesByName(TALK_MARKS.measure);
    expect(measure!.startTime).toBe(performance.getEntriesByName(TALK_MARKS.start)[0]!.startTime);
    expect(measure!.startTime + measure!.duration).toBeCloseTo(heard!.startTime, 3);
  });
});
