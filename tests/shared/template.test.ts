import { describe, expect, it } from 'vitest';
import { placeholderNames, substituteValues } from '../../shared/template.js';

describe('{{NAME}} substitution of custom values', () => {
  const values = { COMPANY: 'Acme', hours: '9-5', 'api.key': 'k' };
  it('replaces known names, with or without inner spaces', () => {
    expect(substituteValues('Welcome to {{COMPANY}}, open {{ hours }}.', values)).toBe('Welcome to Acme, open 9-5.');
    expect(substituteValues('{{api.key}}', values)).toBe('k');
  });
  it('leaves unknown names and inherited properties alone', () => {
    expect(substituteValues('{{MISSING}} {{toString}} {{constructor}}', values)).toBe(
      '{{MISSING}} {{toString}} {{constructor}}',
    );
  });
  it('does not expand replacement patterns inside values', () => {
    expect(substituteValues('{{A}}', { A: '$& $1 {{B}}', B: 'no' })).toBe('$& $1 {{B}}');
  });
  it('lists the names used', () => {
    expect(placeholderNames('{{A}} {{B}} {{ A }}')).toEqual(['A', 'B']);
  });
});
