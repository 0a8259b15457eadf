/**
 * Issue 7, finding 14 (console): the server's 409 for a duplicate name and 400 for a handler
 * syntax error show under their field, with focus moved there; client validation does the same;
 * a failure that belongs to no field stays a toast, replaced by the next success.
 */

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toolSaveError } from '../../console/features/tools/toolSaveError.js';
import { ApiError } from '../../shared/api/index.js';
import { failure } from '../helpers/consoleFakeApi.js';
import { field, openToolEditor as openTool, setValue, TOOL } from '../helpers/consoleToolEditor.js';

vi.mock('../../console/components/code/CodeEditor.js', () => import('../helpers/codeEditorStandIn.js'));

const SYNTAX = "handler_code: SyntaxError: unexpected token in expression: ')' (line 3, column 14)";

function messageOf(element: HTMLElement): string {
  return document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
}

describe('tool save errors', () => {
  it('shows a duplicate name (409) under Tool Name and moves focus there, without a toast', async () => {
    const app = await openTool({
      'PATCH /tools/t1': failure(409, 'name: a tool named "lookup" already exists', 'conflict'),
    });
    setValue(/^Tool Name/, 'lookup');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const name = field(/^Tool Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(name)).toBe('A tool named "lookup" already exists');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(document.querySelector('.sb-toast')).toBeNull();
  });

  it('shows a handler syntax error (400) under Handler Code with its line and column, and clears it on edit', async () => {
    const app = await openTool({
      'PATCH /tools/t1': {
        status: 400,
        body: {
          success: false,
          error: SYNTAX,
          code: 'validation_failed',
          details: { field: 'handler_code', line: 3, column: 14 },
        },
      },
    });
    setValue('Handler Code', 'async function handler(args) {\n  return (\n  args));\n}');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const handler = field('Handler Code');
    await waitFor(() =>
      expect(messageOf(handler)).toBe("SyntaxError: unexpected token in expression: ')' (line 3, column 14)"),
    );
    expect(screen.getByRole('alert').textContent).toContain('line 3, column 14');
    await waitFor(() => expect(document.activeElement).toBe(handler));
    expect(screen.queryByText('Tool updated successfully')).toBeNull();

    setValue('Handler Code', 'async function handler(args) {\n  return args;\n}');
    expect(handler.getAttribute('aria-invalid')).toBeNull();
    expect(messageOf(handler)).toBe('JavaScript defining async function handler(args, { values })');
  });

  it('shows missing fields under each field and focuses the first, without a toast', async () => {
    const app = await openTool({});
    setValue(/^Tool Name/, ' ');
    setValue(/^Tool Type/, '');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(field(/^Tool Name/)));
    expect(messageOf(field(/^Tool Name/))).toBe('Tool Name is required');
    expect(messageOf(field(/^Tool Type/))).toBe('Tool Type is required');
    expect(screen.getAllByText('Tool Name is required')).toHaveLength(1);
    expect(app.fake.callsTo('PATCH /tools/t1')).toHaveLength(0);
  });

  it('toasts a failure that names no field, and the next success replaces that toast', async () => {
    const app = await openTool({
      'PATCH /tools/t1': failure(503, 'Database is busy'),
    });
    setValue(/^Description/, 'Weather for a city');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Database is busy')).toBeTruthy();
    app.fake.routes['PATCH /tools/t1'] = (call) => ({ body: { ...TOOL, ...(call.body as object) } });
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tool updated successfully')).toBeTruthy();
    expect(screen.queryByText('Database is busy')).toBeNull();
  });
});

describe('toolSaveError', () => {
  it('reads the field, the problem and the position from the server answer', () => {
    expect(
      toolSaveError(new ApiError(400, { error: SYNTAX, details: { field: 'handler_code', line: 3, column: 14 } })),
    ).toEqual({
      field: 'handler_code',
      message: "SyntaxError: unexpected token in expression: ')' (line 3, column 14)",
      at: { line: 3, column: 14 },
    });
    // Without details the position comes from the text.
    expect(
      toolSaveError(
        new ApiError(400, { error: 'handler_code: SyntaxError: return not in a function (line 4, column 1)' }),
      ).at,
    ).toEqual({
      line: 4,
      column: 1,
    });
    expect(toolSaveError(new ApiError(409, { error: 'That name is taken' }))).toEqual({
      field: 'name',
      message: 'That name is taken',
      at: null,
    });
    expect(toolSaveError(new ApiError(403, { error: 'tools: at most 100 tools per user' })).field).toBeNull();
    expect(toolSaveError(new Error('offline'))).toEqual({ field: null, message: 'offline', at: null });
  });
});
