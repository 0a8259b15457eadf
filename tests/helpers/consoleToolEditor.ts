/** The saved tool and the field helpers the tool editor's component tests share. */
import { fireEvent, screen } from '@testing-library/react';
import type { Tool } from '../../shared/types/tool.js';
import type { FakeRoutes } from './consoleFakeApi.js';
import { renderConsole, USER } from './consoleRender.js';

export const TOOL: Tool = {
  id: 't1',
  name: 'get_weather',
  description: 'Current weather',
  type: 'string',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer' }, metric: { type: 'boolean' } },
    required: ['metric'],
  },
  handler_code: 'async function handler(args) { return args; }',
};

/** The answers the editor loads for TOOL, plus any extra routes. */
export function toolEditorRoutes(extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /tools': { body: [TOOL] },
    'GET /tools/t1': { body: TOOL },
    'GET /custom-values': { body: { success: true, customValues: [] } },
    ...extra,
  };
}

export function field(label: string | RegExp): HTMLInputElement | HTMLTextAreaElement {
  return screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
}

/** Sets a field the way a paste would (user-event treats `{` and `[` as key names). */
export function setValue(label: string | RegExp, value: string): void {
  fireEvent.change(field(label), { target: { value } });
}

/** Renders the editor of TOOL (/tools/t1) for a signed-in user, with `extra` routes; waits for 'Edit Tool'. */
export async function openToolEditor(extra: FakeRoutes = {}) {
  const app = renderConsole({ path: '/tools/t1', session: { user: USER }, routes: toolEditorRoutes(extra) });
  await screen.findByRole('heading', { name: 'Edit Tool' });
  return app;
}

/** Renders the editor of a new tool (/tools/new) for a signed-in user; waits for 'Create New Tool'. */
export async function openNewToolEditor(extra: FakeRoutes = {}) {
  const app = renderConsole({ path: '/tools/new', session: { user: USER }, routes: toolEditorRoutes(extra) });
  await screen.findByRole('heading', { name: 'Create New Tool' });
  return app;
}
