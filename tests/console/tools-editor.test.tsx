import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAFE_createMemoryHistory as createMemoryHistory, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createGuardedHistory } from '../../console/app/createGuardedHistory.js';
import { GuardedRouter } from '../../console/app/GuardedRouter.js';
import { ConsoleRoot } from '../../console/ConsoleRoot.js';
import { NEW_TOOL_PARAMETERS } from '../../console/features/tools/newToolTemplate.js';
import { createConsoleApi } from '../../console/lib/api.js';
import type { WebSocketClass } from '../../console/lib/realtime.js';
import { confirmDelete } from '../helpers/consoleConfirmDelete.js';
import { createFakeApi, type FakeRoutes, failure } from '../helpers/consoleFakeApi.js';
import { FakeWebSocket } from '../helpers/consoleFakeWebSocket.js';
import { renderAsUser, storeSession, USER } from '../helpers/consoleRender.js';
import {
  field,
  openNewToolEditor,
  openToolEditor,
  setValue,
  TOOL,
  toolEditorRoutes,
} from '../helpers/consoleToolEditor.js';

// CodeMirror needs real layout (the e2e tests drive the real one); a labelled textarea stands in.
vi.mock('../../console/components/code/CodeEditor.js', () => import('../helpers/codeEditorStandIn.js'));

function BackProbe() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <button type="button" onClick={() => navigate(-1)}>
        history back
      </button>
    </>
  );
}

/** Like renderConsole, with '/tools' before '/tools/new' in the history, to see what Back returns to. */
function renderWithHistory(fakeRoutes: FakeRoutes) {
  storeSession({ user: USER });
  const fake = createFakeApi(fakeRoutes);
  const api = createConsoleApi({ fetch: fake.fetch });
  const history = createGuardedHistory(
    createMemoryHistory({ initialEntries: ['/tools', '/tools/new'], initialIndex: 1, v5Compat: true }),
  );
  const utils = render(
    <GuardedRouter history={history}>
      <ConsoleRoot api={api} WebSocket={FakeWebSocket as unknown as WebSocketClass} />
      <BackProbe />
    </GuardedRouter>,
  );
  return { ...utils, fake, user: userEvent.setup(), location: () => utils.getByTestId('location').textContent };
}

describe('tool editor: new tool', () => {
  it('starts from the template and has no Delete button', async () => {
    await openNewToolEditor();
    expect(field(/^Tool Name/).value).toBe('');
    expect(field(/^Description/).value).toBe('');
    expect(field(/^Tool Type/).value).toBe('function');
    expect(screen.getByText("The data type the tool returns, usually 'string'")).toBeTruthy();
    expect(JSON.parse(field('Parameters').value)).toEqual(NEW_TOOL_PARAMETERS);
    expect(field('Parameters').value).toContain('\n  "type": "object"');
    expect(field('Handler Code').value).toContain('async function handler(args, { values })');
    expect(field('Handler Code').value).toContain('api.open-meteo.com');
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByText('Save the tool to test it')).toBeTruthy();
  });

  it('names the missing required fields and sends nothing', async () => {
    const app = await openNewToolEditor();
    setValue(/^Tool Type/, ' ');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(/Tool Name is required/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Description is required/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Tool Type is required/).length).toBeGreaterThan(0);
    expect(field(/^Tool Name/).getAttribute('aria-invalid')).toBe('true');
    expect(app.fake.callsTo('POST /tools')).toHaveLength(0);

    // Editing a field clears its message.
    await app.user.type(field(/^Tool Name/), 'x');
    expect(field(/^Tool Name/).getAttribute('aria-invalid')).toBeNull();
  });

  it("refuses parameters that are not JSON with 'Invalid JSON in parameters field'", async () => {
    const app = await openNewToolEditor();
    await app.user.type(field(/^Tool Name/), 'get_weather');
    await app.user.type(field(/^Description/), 'Weather now');
    setValue('Parameters', '{"type": "object",');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Invalid JSON in parameters field').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Tool Name is required/)).toBeNull();
    expect(app.fake.callsTo('POST /tools')).toHaveLength(0);
  });

  it('creates the tool, then shows /tools/{id} in place of /tools/new in the history', async () => {
    const app = renderWithHistory(
      toolEditorRoutes({
        'POST /tools': (call) => ({ status: 201, body: { id: 't9', ...(call.body as object) } }),
        'GET /tools/t9': { body: { ...TOOL, id: 't9', name: 'get_weather' } },
      }),
    );
    await screen.findByRole('heading', { name: 'Create New Tool' });
    await app.user.type(field(/^Tool Name/), '  get_weather ');
    await app.user.type(field(/^Description/), 'Weather now');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Tool created successfully')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/tools/t9'));
    expect(await screen.findByRole('heading', { name: 'Edit Tool' })).toBeTruthy();
    expect(app.fake.callsTo('POST /tools')[0]?.body).toEqual({
      name: 'get_weather',
      description: 'Weather now',
      type: 'function',
      parameters: NEW_TOOL_PARAMETERS,
      handler_code: expect.stringContaining('async function handler(args, { values })'),
    });

    await app.user.click(screen.getByRole('button', { name: 'history back' }));
    await waitFor(() => expect(app.location()).toBe('/tools'));
  });

  it('shows the server text when creating fails and stays on the form', async () => {
    const app = await openNewToolEditor({
      'POST /tools': failure(409, 'A tool named get_weather already exists', 'conflict'),
    });
    await app.user.type(field(/^Tool Name/), 'get_weather');
    await app.user.type(field(/^Description/), 'Weather now');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A tool named get_weather already exists')).toBeTruthy();
    expect(app.location()).toBe('/tools/new');
    expect(field(/^Tool Name/).value).toBe('get_weather');
  });
});

describe('tool editor: existing tool', () => {
  it('loads the tool, saves edits with PATCH and says so', async () => {
    const app = await openToolEditor({
      'PATCH /tools/t1': (call) => ({ body: { ...TOOL, ...(call.body as object) } }),
    });
    expect(field(/^Tool Name/).value).toBe('get_weather');
    expect(field(/^Tool Type/).value).toBe('string');
    expect(JSON.parse(field('Parameters').value)).toEqual(TOOL.parameters);

    await app.user.clear(field(/^Description/));
    await app.user.type(field(/^Description/), 'Weather for a city');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tool updated successfully')).toBeTruthy();
    expect(app.fake.callsTo('PATCH /tools/t1')[0]?.body).toMatchObject({
      name: 'get_weather',
      description: 'Weather for a city',
    });
    expect(app.location()).toBe('/tools/t1');
  });

  it("shows 'Tool not found' with a way back to the list", async () => {
    const app = renderAsUser(
      '/tools/gone',
      toolEditorRoutes({
        'GET /tools/gone': failure(404, 'Tool not found', 'not_found'),
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Tool not found' })).toBeTruthy();
    expect(app.fake.callsTo('GET /tools/gone')).toHaveLength(1);
    await app.user.click(screen.getByRole('link', { name: 'Back to Tools' }));
    await waitFor(() => expect(app.location()).toBe('/tools'));
  });

  it('deletes after confirmation in the Delete Tool dialog, then returns to /tools', async () => {
    const app = await openToolEditor({ 'DELETE /tools/t1': { body: { success: true } } });
    await app.user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Tool' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(app.fake.callsTo('DELETE /tools/t1')).toHaveLength(0);

    await confirmDelete(app.user, 'Delete Tool');
    expect(await screen.findByText('Tool get_weather deleted successfully')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/tools'));
    expect(app.fake.callsTo('DELETE /tools/t1')).toHaveLength(1);
  });

  it("says 'Failed to delete tool' when the delete fails", async () => {
    const app = await openToolEditor({ 'DELETE /tools/t1': { status: 500 } });
    await confirmDelete(app.user, 'Delete Tool');
    expect(await screen.findByText('Failed to delete tool')).toBeTruthy();
    expect(app.location()).toBe('/tools/t1');
  });
});
