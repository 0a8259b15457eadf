/**
 * Keypad and voicemail in the console (issue 23): the agent page's Built-in functions section turns
 * press_digits on and picks what an outbound call does on an answering machine (a radio group
 * that arrow keys move, the message with its limit), saved with the agent as `builtinFunctions`;
 * the session page says who answered an outbound call when the API says it.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUILTIN_FUNCTION_DEFAULTS } from '../../shared/types/builtinFunctions.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { detailRoutes as agentRoutes, makeAgent } from './agents-fixtures.js';
import { detailRoutes, OUTBOUND, pinClock, renderSessions } from './sessions-fixtures.js';

const MESSAGE = 'Hi, this is Acme Dental about your appointment. Please call us back.';

function renderAgent() {
  const agent = makeAgent({ id: 'a9', name: 'Dialler' });
  const app = renderAsUser(
    '/agents/a9',
    agentRoutes(agent, { 'PATCH /agents/a9': ({ body }) => ({ body: { ...agent, ...(body as object) } }) }),
  );
  return app;
}

const section = () => screen.getByRole('region', { name: 'Built-in functions' });

describe('keypad and voicemail on the agent page', () => {
  it('turns press_digits on and leaves a message, chosen with the keyboard, and Save sends them', async () => {
    const app = renderAgent();
    await screen.findByRole('heading', { name: 'Dialler', level: 1 });
    const region = section();
    await app.user.click(within(region).getByRole('switch', { name: 'Press keys (press_digits)' }));
    const voicemail = within(region).getByRole('radiogroup', { name: 'Voicemail (outbound calls)' });
    const off = within(voicemail).getByRole('radio', { name: 'Off' });
    expect(off.getAttribute('aria-checked')).toBe('true');
    expect(within(region).queryByLabelText('Message to leave')).toBeNull();
    off.focus();
    // Arrow keys move between the choices (Radix roving focus); Space picks the focused one.
    await app.user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.getAttribute('value')).toBe('leave_message');
    await app.user.keyboard(' ');
    expect(within(voicemail).getByRole('radio', { name: 'Leave a message' }).getAttribute('aria-checked')).toBe('true');
    const message = within(region).getByLabelText('Message to leave');
    expect(within(region).getByText('Write the message to leave.')).toBeTruthy();
    await app.user.click(message);
    await app.user.paste(MESSAGE);
    expect(within(region).getByText(new RegExp(`${MESSAGE.length} / 1000 characters`))).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agent updated successfully')).toBeTruthy();
    expect(app.fake.callsTo('PATCH /agents/a9')[0]?.body).toEqual({
      builtinFunctions: {
        ...BUILTIN_FUNCTION_DEFAULTS,
        pressDigits: { enabled: true },
        voicemail: { action: 'leave_message', message: MESSAGE },
      },
    });
  });

  it('hangs up on a machine without asking for a message', async () => {
    const app = renderAgent();
    await screen.findByRole('heading', { name: 'Dialler', level: 1 });
    const region = section();
    await app.user.click(within(region).getByRole('radio', { name: 'Hang up on a machine' }));
    expect(within(region).queryByLabelText('Message to leave')).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agent updated successfully')).toBeTruthy();
    expect(app.fake.callsTo('PATCH /agents/a9')[0]?.body).toEqual({
      builtinFunctions: { ...BUILTIN_FUNCTION_DEFAULTS, voicemail: { action: 'hang_up', message: '' } },
    });
  });
});

describe('Answered by on the session page', () => {
  pinClock();
  const card = () => screen.findByRole('heading', { name: 'Call', level: 2 });

  it.each([
    ['machine', 'Machine'],
    ['human', 'Human'],
    ['fax', 'Fax'],
    ['unknown', 'Unknown'],
  ] as const)('shows "Answered by: %s" as %s', async (answeredBy, shown) => {
    renderSessions(`/sessions/${OUTBOUND.streamSid}`, detailRoutes({ ...OUTBOUND, answeredBy }));
    await card();
    const term = screen.getByText('Answered by');
    expect(term.closest('[class*="DataListItem"]')?.textContent).toContain(shown);
  });

  it('says nothing about who answered when the API does not', async () => {
    renderSessions(`/sessions/${OUTBOUND.streamSid}`, detailRoutes(OUTBOUND));
    await card();
    expect(screen.queryByText('Answered by')).toBeNull();
  });
});
