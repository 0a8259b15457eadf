import { describe, expect, it } from 'vitest';
import { buildPatch, normalizeNumeric, toFormValues } from '../../console/features/agents/agentForm.js';
import { cardDescription } from '../../console/features/agents/cardDescription.js';
import { makeAgent, SUPPORT } from './agents-fixtures.js';

describe('agent form rules (spec part 1 §5)', () => {
  it('keeps temperatures from 0.6 to 1.2 and resets anything else to 0.8', () => {
    expect(normalizeNumeric('temperature', '0.6')).toBe('0.6');
    expect(normalizeNumeric('temperature', '1.2')).toBe('1.2');
    expect(normalizeNumeric('temperature', '0.7000000000000001')).toBe('0.7');
    for (const bad of ['0.59', '1.21', '', ' ', 'warm', '-1']) expect(normalizeNumeric('temperature', bad)).toBe('0.8');
  });

  it('keeps whole token limits from 1 to 4096 and resets anything else to 2048', () => {
    expect(normalizeNumeric('max_response_output_tokens', '1')).toBe('1');
    expect(normalizeNumeric('max_response_output_tokens', '4096')).toBe('4096');
    for (const bad of ['0', '4097', '1.5', '', 'many'])
      expect(normalizeNumeric('max_response_output_tokens', bad)).toBe('2048');
  });

  it('keeps whole non-negative padding and silence, thresholds from 0 to 1', () => {
    expect(normalizeNumeric('prefix_padding_ms', '0')).toBe('0');
    expect(normalizeNumeric('prefix_padding_ms', '2.5')).toBe('300');
    expect(normalizeNumeric('silence_duration_ms', '-5')).toBe('500');
    expect(normalizeNumeric('threshold', '0')).toBe('0');
    expect(normalizeNumeric('threshold', '1')).toBe('1');
    expect(normalizeNumeric('threshold', '1.01')).toBe('0.5');
  });

  it('patches only what changed: numbers by value, tools as a set of ids, the name trimmed, never the phone number', () => {
    const loaded = toFormValues(SUPPORT);
    expect(buildPatch(loaded, { ...loaded })).toEqual({});
    expect(buildPatch(loaded, { ...loaded, temperature: '0.80', toolIds: ['t2', 't1'], phoneNumber: null })).toEqual(
      {},
    );
    expect(buildPatch(loaded, { ...loaded, name: '  Helpdesk ', threshold: '0.25', toolIds: ['t1'] })).toEqual({
      name: 'Helpdesk',
      threshold: 0.25,
      tools: ['t1'],
    });
  });

  it('treats a missing system message as empty and fills missing fields with the defaults', () => {
    const values = toFormValues(makeAgent({ id: 'x', name: 'x', systemMessage: null }));
    expect(values.systemMessage).toBe('');
    expect(values.temperature).toBe('0.8');
    expect(values.max_response_output_tokens).toBe('2048');
    expect(values.turn_detection_type).toBe('server_vad');
  });

  it('shows the description on cards, else the first 100 characters of the instructions', () => {
    expect(cardDescription({ description: 'Short', instructions: 'Long' })).toBe('Short');
    expect(cardDescription({ description: '   ', instructions: 'a'.repeat(150) })).toBe('a'.repeat(100));
    expect(cardDescription({ description: '', instructions: '' })).toBe('');
  });
});
