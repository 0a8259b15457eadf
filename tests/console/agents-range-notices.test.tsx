/**
 * Issue 18: a number reset by the spec's blur rule (part 1 §5) says so at the field, with the
 * allowed range and the default it took, until the field is edited again; every number field
 * shows its allowed range.
 */

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetNotice } from '../../console/features/agents/agentForm.js';
import type { renderConsole } from '../helpers/consoleRender.js';
import { makeAgent, openAgentDetail as openAgent } from './agents-fixtures.js';

type App = ReturnType<typeof renderConsole>;

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

/** What a screen reader reads after the field's name: its hint and notice, by aria-describedby. */
function description(label: string): string {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}

async function retype(app: App, label: string, text: string, then = '{Tab}') {
  await app.user.clear(field(label));
  await app.user.type(field(label), `${text}${then}`);
}

describe('agent number fields: allowed range and reset notice', () => {
  it('writes the notice with the range and the default as the spec gives them', () => {
    expect(resetNotice('temperature', '3')).toBe('Out of range (0.6–1.2): reset to 0.8');
    expect(resetNotice('threshold', '1.5')).toBe('Out of range (0–1): reset to 0.5');
    expect(resetNotice('max_response_output_tokens', '12.5')).toBe('Not a whole number (1–4096): reset to 2048');
    expect(resetNotice('prefix_padding_ms', '-1')).toBe('Out of range (0 or more): reset to 300');
    expect(resetNotice('silence_duration_ms', 'soon')).toBe('Not a number (0 or more): reset to 500');
    expect(resetNotice('temperature', ' ')).toBe('Empty (0.6–1.2): reset to 0.8');
    expect(resetNotice('temperature', '1.2')).toBeNull();
    expect(resetNotice('temperature', '0.7000000000000001')).toBeNull();
  });

  it('shows each field its allowed range', async () => {
    const app = await openAgent();
    expect(description('Temperature')).toContain('Allowed: 0.6–1.2');
    expect(description('Threshold')).toContain('Allowed: 0–1');
    expect(description('Prefix Padding (ms)')).toContain('Allowed: 0 or more, whole numbers');
    expect(description('Silence Duration (ms)')).toContain('Allowed: 0 or more, whole numbers');
    await app.user.click(screen.getByRole('switch', { name: 'Limit response tokens' }));
    expect(description('Max Response Output Tokens')).toContain('Allowed: 1–4096, whole numbers');
  });

  it('says where a value was reset, and why, until the next edit of that field', async () => {
    const app = await openAgent();
    await retype(app, 'Temperature', '3');
    expect(field('Temperature').value).toBe('0.8');
    expect(screen.getByText('Out of range (0.6–1.2): reset to 0.8')).toBeTruthy();
    expect(description('Temperature')).toContain('Out of range (0.6–1.2): reset to 0.8');
    expect(screen.getByText('Out of range (0.6–1.2): reset to 0.8').getAttribute('role')).toBe('status');

    await retype(app, 'Threshold', '1.5');
    expect(field('Threshold').value).toBe('0.5');
    expect(screen.getByText('Out of range (0–1): reset to 0.5')).toBeTruthy();
    // The temperature's notice stays: that field has not been edited since.
    expect(screen.getByText('Out of range (0.6–1.2): reset to 0.8')).toBeTruthy();

    await app.user.type(field('Temperature'), '{Backspace}9');
    expect(screen.queryByText('Out of range (0.6–1.2): reset to 0.8')).toBeNull();
    expect(screen.getByText('Out of range (0–1): reset to 0.5')).toBeTruthy();
    await app.user.tab();
    expect(field('Temperature').value).toBe('0.9');
    expect(screen.queryByText(/reset to 0\.8/)).toBeNull();
  });

  it('says so too when Save (Enter in the field) resets a number before sending it', async () => {
    const warm = makeAgent({ id: 'a3', name: 'Warm Bot', temperature: 1.1 });
    const app = await openAgent(warm, {
      'PATCH /agents/a3': ({ body }) => ({ body: { ...warm, ...(body as object) } }),
    });
    await retype(app, 'Temperature', '3', '{Enter}');
    expect(await screen.findByText('Agent updated successfully')).toBeTruthy();
    expect(app.fake.callsTo('PATCH /agents/a3')[0]?.body).toEqual({ temperature: 0.8 });
    expect(screen.getByText('Out of range (0.6–1.2): reset to 0.8')).toBeTruthy();
  });
});
