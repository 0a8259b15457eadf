/**
 * The session page's review figures (issue 21): each agent line shows its latency and each tool
 * call its duration; the Figures card shows p50/p95 turn latency, interruptions, tokens by kind
 * and the cost. A call from before the figures were kept shows '—' everywhere, never 0.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallFigures, SessionMessage } from '../../shared/types/session.js';
import { detailRoutes, makeSession, NOW, pinClock, renderSessions } from './sessions-fixtures.js';

pinClock();

const FIGURES: CallFigures = {
  model: 'gpt-realtime-2.1-mini',
  tokens: { inputText: 1520, inputAudio: 300, cachedText: 640, cachedAudio: 10, outputText: 42, outputAudio: 1260 },
  interruptions: 2,
  latencyTurns: 3,
  latencyP50Ms: 840,
  latencyP95Ms: 1430,
  cost: { modelUsd: 0.0321, telephonyUsd: 0.017, totalUsd: 0.0491 },
};

const LINES: SessionMessage[] = [
  { id: 'a0', type: 'assistant', message: 'Hello!', timestamp: NOW - 60_000, latencyMs: null },
  { id: 'u1', type: 'user', message: 'Is it open?', timestamp: NOW - 55_000 },
  { id: 'a1', type: 'assistant', message: 'Let me check.', timestamp: NOW - 54_000, latencyMs: 840 },
  {
    id: 'f1',
    type: 'function',
    message: 'opening_hours',
    timestamp: NOW - 53_000,
    function_args: '{}',
    function_output: '{"hours":"10-16"}',
    durationMs: 412,
  },
  { id: 'a2', type: 'assistant', message: 'Ten to four.', timestamp: NOW - 52_000, latencyMs: 1430 },
];

function figure(label: string): string | null {
  const card = screen.getByRole('heading', { name: 'Figures' }).closest('.rt-Card') as HTMLElement;
  const term = within(card).getByText(label, { selector: 'dt, dt *' });
  return term.closest('.rt-DataListItem')?.querySelector('dd')?.textContent ?? null;
}

describe('session figures', () => {
  it('shows each line’s latency, each tool call’s duration, and the call’s latency, tokens and cost', async () => {
    const session = makeSession({ streamSid: 'MZfig', active: false, duration: 95, figures: FIGURES });
    renderSessions('/sessions/MZfig', detailRoutes(session, LINES));
    await screen.findByText('Ten to four.');
    const line = (text: string) => screen.getByText(text).closest('.sb-message') as HTMLElement;
    expect(within(line('Let me check.')).getByText('Latency 840 ms')).toBeTruthy();
    expect(within(line('Ten to four.')).getByText('Latency 1.43 s')).toBeTruthy();
    // The greeting answered no caller turn: not measured, and nothing is shown for it.
    expect(within(line('Hello!')).queryByText(/^Latency/)).toBeNull();
    expect(screen.getByText('Took 412 ms')).toBeTruthy();

    expect(figure('Turn latency p50')).toBe('840 ms');
    expect(figure('Turn latency p95')).toBe('1.43 s');
    expect(figure('Measured turns')).toBe('3');
    expect(figure('Interruptions')).toBe('2');
    expect(figure('Input tokens (text / audio)')).toBe('1,520 / 300');
    expect(figure('Cached tokens (text / audio)')).toBe('640 / 10');
    expect(figure('Output tokens (text / audio)')).toBe('42 / 1,260');
    expect(figure('Model cost')).toBe('$0.0321');
    expect(figure('Telephony cost')).toBe('$0.0170');
    expect(figure('Total cost')).toBe('$0.0491');
    expect(screen.getByText('Model gpt-realtime-2.1-mini, at the prices in force when the call started.')).toBeTruthy();
  });

  it('shows — for every figure of a call from before they were kept, never 0', async () => {
    const session = makeSession({ streamSid: 'MZold', active: false, duration: 95, figures: null });
    const old: SessionMessage[] = [
      { id: 'a0', type: 'assistant', message: 'Hi there', timestamp: NOW - 60_000, latencyMs: null },
    ];
    renderSessions('/sessions/MZold', detailRoutes(session, old));
    await screen.findByText('Hi there');
    for (const label of [
      'Turn latency p50',
      'Turn latency p95',
      'Measured turns',
      'Interruptions',
      'Input tokens (text / audio)',
      'Cached tokens (text / audio)',
      'Output tokens (text / audio)',
      'Model cost',
      'Telephony cost',
      'Total cost',
    ])
      expect(figure(label)).toBe('—');
    expect(screen.queryByText(/^Latency/)).toBeNull();
  });
});
