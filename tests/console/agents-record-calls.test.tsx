/**
 * "Record calls" on the agent page (issue 21): off by default, in Advanced Settings beside Keep
 * history with a note about consent, saved with the agent as record_calls, and an unsaved change
 * goes with a Talk call like any field.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsUser } from '../helpers/consoleRender.js';
import { detailRoutes, makeAgent } from './agents-fixtures.js';
import { AGENT, openAgentPage, openTalk, startCall, withFakeAudio } from './talk-fixtures.js';

const recordSwitch = () =>
  within(screen.getByRole('region', { name: 'Advanced Settings' })).getByRole('switch', { name: 'Record calls' });

async function openAgent(record_calls?: boolean) {
  const agent = makeAgent({ id: 'a9', name: 'Desk Agent', ...(record_calls === undefined ? {} : { record_calls }) });
  const app = renderAsUser(
    '/agents/a9',
    detailRoutes(agent, { 'PATCH /agents/a9': ({ body }) => ({ body: { ...agent, ...(body as object) } }) }),
  );
  await screen.findByRole('heading', { name: 'Desk Agent', level: 1 });
  return app;
}

const save = async (app: Awaited<ReturnType<typeof openAgent>>) => {
  await app.user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Agent updated successfully')).toBeTruthy();
};

describe('Record calls', () => {
  it('is off by default, says consent may be needed, and Save sends record_calls: true', async () => {
    const app = await openAgent();
    expect(recordSwitch().getAttribute('aria-checked')).toBe('false');
    const section = screen.getByRole('region', { name: 'Advanced Settings' });
    expect(within(section).getByText(/Recording laws differ by place/)).toBeTruthy();
    expect(within(section).getByText(/require telling callers that the call is recorded/)).toBeTruthy();
    expect(within(section).getByText(/in the agent’s first message/)).toBeTruthy();

    await app.user.click(recordSwitch());
    expect(recordSwitch().getAttribute('aria-checked')).toBe('true');
    await save(app);
    expect(app.fake.callsTo('PATCH /agents/a9')[0]?.body).toEqual({ record_calls: true });
  });

  it('shows a saved on, and turning it off sends record_calls: false', async () => {
    const app = await openAgent(true);
    expect(recordSwitch().getAttribute('aria-checked')).toBe('true');
    await app.user.click(screen.getByText('Record calls'));
    expect(recordSwitch().getAttribute('aria-checked')).toBe('false');
    await save(app);
    expect(app.fake.callsTo('PATCH /agents/a9')[0]?.body).toEqual({ record_calls: false });
  });

  it('reads an agent from before the setting as off', async () => {
    const { record_calls: _absent, ...older } = makeAgent({ id: 'a9', name: 'Desk Agent' });
    renderAsUser('/agents/a9', detailRoutes(older as never));
    await screen.findByRole('heading', { name: 'Desk Agent', level: 1 });
    expect(recordSwitch().getAttribute('aria-checked')).toBe('false');
  });
});

describe('Record calls in Talk', () => {
  withFakeAudio();

  it('goes with the call as an unsaved change, and is not saved by it', async () => {
    const { app } = await openAgentPage();
    await app.user.click(recordSwitch());
    const dialog = await openTalk(app);
    expect(within(dialog).getByText(/Talking with your unsaved changes/)).toBeTruthy();
    const socket = await startCall(app, dialog);
    await waitFor(() => expect(socket.messages).toEqual([{ type: 'start', settings: { record_calls: true } }]));
    expect(app.fake.callsTo(`PATCH /agents/${AGENT.id}`)).toHaveLength(0);
  });
});
