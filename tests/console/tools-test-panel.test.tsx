import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleArguments } from '../../console/features/tools/sampleArguments.js';
import { deferred, type FakeReply, failure } from '../helpers/consoleFakeApi.js';
import { field, openToolEditor, setValue, TOOL } from '../helpers/consoleToolEditor.js';

// CodeMirror needs real layout (the e2e tests drive the real one); a labelled textarea stands in.
vi.mock('../../console/components/code/CodeEditor.js', () => import('../helpers/codeEditorStandIn.js'));

describe('tool editor: Test panel', () => {
  it('prefills arguments from the schema, runs the tool and shows output, logs, duration and error', async () => {
    const gate = deferred<FakeReply>();
    const app = await openToolEditor({ 'POST /tools/t1/test': () => gate.promise });
    // Required first, then the rest in schema order; numbers 0, strings '', booleans false.
    const args = field(/^Arguments/);
    expect(args.value).toBe(JSON.stringify({ metric: false, city: '', days: 0 }, null, 2));
    setValue(/^Arguments/, '{"city": "Oslo", "days": 2, "metric": true}');

    await app.user.click(screen.getByRole('button', { name: 'Run' }));
    const running = await screen.findByRole('button', { name: 'Running...' });
    expect((running as HTMLButtonElement).disabled).toBe(true);
    gate.resolve({
      body: {
        success: false,
        output: { city: 'Oslo', temp: 3 },
        logs: ['fetching Oslo', 'done'],
        durationMs: 42,
        error: 'Partial data',
      },
    });

    const result = await screen.findByRole('region', { name: 'Test result' });
    expect(JSON.parse(within(result).getByTestId('tool-test-output').textContent ?? '')).toEqual({
      city: 'Oslo',
      temp: 3,
    });
    expect(within(result).getByText('42 ms')).toBeTruthy();
    expect(
      within(within(result).getByRole('list', { name: 'Logs' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['fetching Oslo', 'done']);
    expect(within(result).getByRole('alert').textContent).toBe('Partial data');
    expect(app.fake.callsTo('POST /tools/t1/test')[0]?.body).toEqual({ args: { city: 'Oslo', days: 2, metric: true } });
    expect(screen.getByRole('button', { name: 'Run' })).toBeTruthy();
  });

  it('refuses arguments that are not JSON', async () => {
    const app = await openToolEditor();
    setValue(/^Arguments/, '{city: Oslo}');
    await app.user.click(screen.getByRole('button', { name: 'Run' }));
    expect(screen.getByText('Invalid JSON in arguments field')).toBeTruthy();
    expect(app.fake.callsTo('POST /tools/t1/test')).toHaveLength(0);
  });

  it('with unsaved edits, says so and saves before running', async () => {
    const app = await openToolEditor({
      'PATCH /tools/t1': (call) => ({ body: { ...TOOL, ...(call.body as object) } }),
      'POST /tools/t1/test': { body: { success: true, output: 'ok', logs: [], durationMs: 3, error: null } },
    });
    setValue('Handler Code', 'async function handler() { return "ok"; }');
    expect(screen.getByText(/You have unsaved changes/)).toBeTruthy();
    // Later reads of the tool answer what was saved.
    app.fake.routes['GET /tools/t1'] = { body: { ...TOOL, handler_code: 'async function handler() { return "ok"; }' } };
    await app.user.click(screen.getByRole('button', { name: 'Save and Run' }));

    expect(await screen.findByText('No logs')).toBeTruthy();
    const order = app.fake.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual(['PATCH /tools/t1', 'POST /tools/t1/test']);
    expect(app.fake.callsTo('PATCH /tools/t1')[0]?.body).toMatchObject({
      handler_code: 'async function handler() { return "ok"; }',
    });
    await waitFor(() => expect(screen.queryByText(/You have unsaved changes/)).toBeNull());
  });

  it('shows the server text when the test call itself fails', async () => {
    const app = await openToolEditor({
      'POST /tools/t1/test': failure(400, 'args must match the parameters schema', 'validation_failed'),
    });
    await app.user.click(screen.getByRole('button', { name: 'Run' }));
    expect((await screen.findByRole('alert')).textContent).toContain('args must match the parameters schema');
  });

  it('clears the last result while running and after an arguments error', async () => {
    let gate = deferred<FakeReply>();
    const app = await openToolEditor({ 'POST /tools/t1/test': () => gate.promise });
    await app.user.click(screen.getByRole('button', { name: 'Run' }));
    gate.resolve({ body: { success: true, output: { first: true }, logs: [], durationMs: 5, error: null } });
    expect(await screen.findByRole('region', { name: 'Test result' })).toBeTruthy();

    gate = deferred<FakeReply>();
    await app.user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('button', { name: 'Running...' });
    expect(screen.queryByRole('region', { name: 'Test result' })).toBeNull();
    gate.resolve({ body: { success: true, output: { second: true }, logs: [], durationMs: 5, error: null } });
    expect(JSON.parse((await screen.findByTestId('tool-test-output')).textContent ?? '')).toEqual({ second: true });

    setValue(/^Arguments/, '{oops');
    await app.user.click(screen.getByRole('button', { name: 'Run' }));
    expect(screen.getByText('Invalid JSON in arguments field')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Test result' })).toBeNull();
  });

  it("shows a failed run's error instead of 'Output null'", async () => {
    const app = await openToolEditor({
      'POST /tools/t1/test': {
        body: {
          success: false,
          output: null,
          logs: ['start'],
          durationMs: 9,
          error: 'TypeError: args.city is undefined',
        },
      },
    });
    await app.user.click(screen.getByRole('button', { name: 'Run' }));
    const result = await screen.findByRole('region', { name: 'Test result' });
    expect(within(result).getByText('Failed')).toBeTruthy();
    expect(within(result).getByRole('alert').textContent).toBe('TypeError: args.city is undefined');
    expect(within(result).queryByText('Output')).toBeNull();
    expect(within(result).queryByTestId('tool-test-output')).toBeNull();
    expect(within(result).getByText('start')).toBeTruthy();
  });

  it("says 'Failed to run tool' for a failed run without an error text", async () => {
    const app = await openToolEditor({
      'POST /tools/t1/test': { body: { success: false, output: null, logs: [], durationMs: 1, error: null } },
    });
    await app.user.click(screen.getByRole('button', { name: 'Run' }));
    const result = await screen.findByRole('region', { name: 'Test result' });
    expect(within(result).getByRole('alert').textContent).toBe('Failed to run tool');
  });

  it('Reset arguments honours default, enum, minimum and maximum of the schema in the editor', async () => {
    const app = await openToolEditor();
    const schema = {
      type: 'object',
      required: ['units'],
      properties: {
        days: { type: 'integer', minimum: 1, maximum: 14 },
        units: { type: 'string', enum: ['metric', 'imperial'] },
        city: { type: 'string', default: 'Oslo' },
        below: { type: 'number', maximum: -5 },
      },
    };
    setValue('Parameters', JSON.stringify(schema));
    await app.user.click(screen.getByRole('button', { name: 'Reset arguments' }));
    expect(JSON.parse(field(/^Arguments/).value)).toEqual({ units: 'metric', days: 1, city: 'Oslo', below: -5 });
  });
});

describe('sampleArguments', () => {
  it('picks values the schema accepts', () => {
    expect(
      sampleArguments({
        type: 'object',
        properties: {
          count: { type: 'integer', exclusiveMinimum: 0 },
          ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
          level: { type: 'integer', minimum: -3, maximum: 3 },
          fixed: { const: 'v1' },
          tags: { type: 'array', minItems: 2, items: { type: 'string', enum: ['a', 'b'] } },
          code: { type: 'string', minLength: 3 },
          flag: { type: ['null', 'boolean'] },
          nested: { type: 'object', properties: { size: { type: 'number', minimum: 10, default: 12 } } },
        },
      }),
    ).toEqual({
      count: 1,
      ratio: 0.5,
      level: 0,
      fixed: 'v1',
      tags: ['a', 'a'],
      code: 'xxx',
      flag: false,
      nested: { size: 12 },
    });
  });
});
