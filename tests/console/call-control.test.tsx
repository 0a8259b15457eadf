/**
 * Call control in the console (issue 23): the agent page's Built-in functions section (transfer
 * destinations, the line, end_call) saves as `builtinFunctions`; a live call's session page offers
 * Transfer with the agent's destinations, asks first, then posts the transfer; a call whose agent
 * has none shows no Transfer.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUILTIN_FUNCTION_DEFAULTS } from '../../shared/types/builtinFunctions.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { detailRoutes as agentRoutes, makeAgent, SUPPORT } from './agents-fixtures.js';
import { detailRoutes, LIVE, MESSAGES, pinClock, renderSessions, waitFor } from './sessions-fixtures.js';

const section = () => screen.getByRole('region', { name: 'Built-in functions' });

describe('Built-in functions on the agent page', () => {
  it('adds a destination, and Save sends the settings as builtinFunctions', async () => {
    const agent = makeAgent({ id: 'a9', name: 'Desk Agent' });
    const app = renderAsUser(
      '/agents/a9',
      agentRoutes(agent, { 'PATCH /agents/a9': ({ body }) => ({ body: { ...agent, ...(body as object) } }) }),
    );
    await screen.findByRole('heading', { name: 'Desk Agent', level: 1 });
    const region = section();
    await app.user.click(within(region).getByRole('switch', { name: 'Transfer calls (transfer_call)' }));
    const first = within(region).getByRole('group', { name: 'Destination 1' });
    await app.user.type(within(first).getByLabelText('Name'), 'Sales desk');
    await app.user.type(within(first).getByLabelText('Phone number'), '+14155550123');
    await app.user.type(within(first).getByLabelText('When to use'), 'Buying');
    await app.user.click(within(region).getByRole('switch', { name: 'End calls (end_call)' }));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agent updated successfully')).toBeTruthy();
    expect(app.fake.callsTo('PATCH /agents/a9')[0]?.body).toEqual({
      builtinFunctions: {
        ...BUILTIN_FUNCTION_DEFAULTS,
        transferCall: {
          enabled: true,
          destinations: [{ name: 'Sales desk', phoneNumber: '+14155550123', whenToUse: 'Buying' }],
          transferLine: BUILTIN_FUNCTION_DEFAULTS.transferCall.transferLine,
        },
        endCall: { enabled: true },
      },
    });
  });
});

describe('Transfer on the session page', () => {
  pinClock();
  const destination = { name: 'Sales desk', phoneNumber: '+14155550123', whenToUse: '' };
  const withDestinations = {
    ...SUPPORT,
    builtinFunctions: {
      ...BUILTIN_FUNCTION_DEFAULTS,
      transferCall: { ...BUILTIN_FUNCTION_DEFAULTS.transferCall, destinations: [destination] },
    },
  };

  it("lists the agent's destinations, asks first, then posts the transfer", async () => {
    const app = renderSessions(
      '/sessions/MZlive1',
      detailRoutes(LIVE, MESSAGES, {
        'GET /agents': { body: [withDestinations] },
        'POST /sessions/transfer': { body: { success: true } },
      }),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Transfer' }));
    await app.user.click(await screen.findByRole('menuitem', { name: /Sales desk/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Transfer this call?' });
    expect(within(dialog).getByText(/put through to Sales desk/)).toBeTruthy();
    expect(app.fake.callsTo('POST /sessions/transfer')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() =>
      expect(app.fake.callsTo('POST /sessions/transfer')[0]?.body).toEqual({
        streamSid: 'MZlive1',
        destination: 'Sales desk',
      }),
    );
  });

  it('shows no Transfer when the agent has no destinations', async () => {
    renderSessions('/sessions/MZlive1', detailRoutes(LIVE));
    expect(await screen.findByRole('button', { name: 'End Session' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
  });
});
