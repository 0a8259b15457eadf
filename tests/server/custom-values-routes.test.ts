/**
 * /api/custom-values (spec part 2 §7): create-or-update by name, sorted list, delete, the name
 * rule that keeps `{{NAME}}` working, rename as delete + create (spec part 2 §4), and isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customValuesMap } from '../../server/db/customValues.js';
import { substituteValues } from '../../shared/template.js';
import type { CustomValue } from '../../shared/types/tool.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/serverApp.js';
import { signedInCaller } from '../helpers/signedInCaller.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(fields?: Partial<TestUser>) {
  const { user, call } = await signedInCaller(t, fields);
  const list = async (impersonate?: string) =>
    (await call('GET', '/api/custom-values', undefined, impersonate)).json<{
      success: boolean;
      customValues: CustomValue[];
    }>();
  return { user, call, list };
}

describe('custom values', () => {
  it('creates, then updates the same name, and lists values sorted by name', async () => {
    const { call, list } = await signedIn();
    expect(await list()).toEqual({ success: true, customValues: [] });

    const created = await call('POST', '/api/custom-values', { name: 'COMPANY', value: 'Acme' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ success: true, message: 'Custom value created' });
    await call('POST', '/api/custom-values', { name: 'api.base-url', value: 'https://api.example.com' });
    await call('POST', '/api/custom-values', { name: '_hidden', value: '' });

    const updated = await call('POST', '/api/custom-values', { name: '  COMPANY ', value: 'Acme Inc.\nSecond line' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ success: true, message: 'Custom value updated' });

    expect((await list()).customValues).toEqual([
      { name: '_hidden', value: '' },
      { name: 'api.base-url', value: 'https://api.example.com' },
      { name: 'COMPANY', value: 'Acme Inc.\nSecond line' },
    ]);
  });

  it('deletes a value; an unknown name is 404', async () => {
    const { call, list } = await signedIn();
    await call('POST', '/api/custom-values', { name: 'TEMP', value: 'x' });
    const deleted = await call('DELETE', '/api/custom-values/TEMP');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true });
    expect((await list()).customValues).toEqual([]);
    const again = await call('DELETE', '/api/custom-values/TEMP');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, error: 'Custom value not found', code: 'not_found' });
  });

  it('renames by deleting the old name and creating the new one, keeping the value', async () => {
    const { call, list } = await signedIn();
    await call('POST', '/api/custom-values', { name: 'OLD_NAME', value: 'kept' });
    expect((await call('DELETE', '/api/custom-values/OLD_NAME')).statusCode).toBe(200);
    const created = await call('POST', '/api/custom-values', { name: 'NEW_NAME', value: 'kept' });
    expect(created.json().message).toBe('Custom value created');
    expect((await list()).customValues).toEqual([{ name: 'NEW_NAME', value: 'kept' }]);
  });

  it('deletes a name with dots and dashes given URL-encoded', async () => {
    const { call, list } = await signedIn();
    await call('POST', '/api/custom-values', { name: 'a.b-c', value: '1' });
    expect((await call('DELETE', `/api/custom-values/${encodeURIComponent('a.b-c')}`)).statusCode).toBe(200);
    expect((await list()).customValues).toEqual([]);
  });

  it('saves names that substitute into prompts as {{NAME}}', async () => {
    const { call, user } = await signedIn();
    await call('POST', '/api/custom-values', { name: 'COMPANY', value: 'Acme' });
    await call('POST', '/api/custom-values', { name: 'support.phone', value: '+1 555 0100' });
    const values = await customValuesMap(t.db, user.id);
    expect(substituteValues('You work for {{COMPANY}}; call {{ support.phone }}.', values)).toBe(
      'You work for Acme; call +1 555 0100.',
    );
  });
});

describe('custom value validation', () => {
  const NAME_RULE = 'name: use letters, digits, _ . - and start with a letter or _';
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a missing name', { value: 'v' }, 'name: is required'],
    ['a blank name', { name: '   ', value: 'v' }, 'name: must not be empty'],
    ['a name with a space', { name: 'MY VALUE', value: 'v' }, NAME_RULE],
    ['a name starting with a digit', { name: '1ST', value: 'v' }, NAME_RULE],
    ['a name with braces', { name: '{{X}}', value: 'v' }, NAME_RULE],
    ['a name over 100 characters', { name: 'N'.repeat(101), value: 'v' }, 'name: must be at most 100 characters long'],
    ['a missing value', { name: 'X' }, 'value: is required'],
    ['a value that is not a string', { name: 'X', value: 5 }, 'value: must be a string'],
    [
      'a value over 10000 characters',
      { name: 'X', value: 'v'.repeat(10_001) },
      'value: must be at most 10000 characters long',
    ],
    ['an unknown field', { name: 'X', value: 'v', secret: true }, 'secret: is not an accepted field'],
  ];

  it.each(cases)('rejects %s with 400 naming the field', async (_label, body, message) => {
    const { call, list } = await signedIn();
    const response = await call('POST', '/api/custom-values', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: message, code: 'validation_failed' });
    expect((await list()).customValues).toEqual([]);
  });

  it('accepts a 100-character name (after trimming) and a 10000-character value', async () => {
    const { call, list } = await signedIn();
    const response = await call('POST', '/api/custom-values', {
      name: ` ${'N'.repeat(100)} `,
      value: 'v'.repeat(10_000),
    });
    expect(response.statusCode).toBe(201);
    expect((await list()).customValues[0]?.name).toBe('N'.repeat(100));
  });
});

describe('custom value isolation', () => {
  it("keeps each user's values apart: same names, separate values, no cross-user delete", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    await alice.call('POST', '/api/custom-values', { name: 'COMPANY', value: 'Alice Co' });
    expect((await bob.list()).customValues).toEqual([]);

    const denied = await bob.call('DELETE', '/api/custom-values/COMPANY');
    expect(denied.statusCode).toBe(404);
    expect((await bob.call('POST', '/api/custom-values', { name: 'COMPANY', value: 'Bob Co' })).json().message).toBe(
      'Custom value created',
    );

    expect((await alice.list()).customValues).toEqual([{ name: 'COMPANY', value: 'Alice Co' }]);
    expect((await bob.list()).customValues).toEqual([{ name: 'COMPANY', value: 'Bob Co' }]);
  });

  it("lets an admin impersonating a user manage that user's values", async () => {
    const alice = await signedIn();
    const admin = await signedIn({ role: 'admin' });
    await alice.call('POST', '/api/custom-values', { name: 'COMPANY', value: 'Alice Co' });
    expect((await admin.list(alice.user.id)).customValues).toEqual([{ name: 'COMPANY', value: 'Alice Co' }]);
    await admin.call('POST', '/api/custom-values', { name: 'COMPANY', value: 'Edited by admin' }, alice.user.id);
    expect((await alice.list()).customValues).toEqual([{ name: 'COMPANY', value: 'Edited by admin' }]);
    expect((await admin.list()).customValues).toEqual([]);
  });

  it('turns two simultaneous first saves of one name into one value', async () => {
    const { call, list } = await signedIn();
    const answers = await Promise.all([
      call('POST', '/api/custom-values', { name: 'RACE', value: 'a' }),
      call('POST', '/api/custom-values', { name: 'RACE', value: 'b' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect((await list()).customValues).toHaveLength(1);
  });
});
