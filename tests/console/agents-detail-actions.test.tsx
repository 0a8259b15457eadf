import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGENT_TEXTS } from '../../console/features/agents/agentTexts.js';
import { confirmDelete } from '../helpers/consoleConfirmDelete.js';
import { type FakeRoutes, failure } from '../helpers/consoleFakeApi.js';
import { makeAgent, openAgentDetail, SALES } from './agents-fixtures.js';

/** Sales Bot with a number attached: Call is only offered to an agent that has one. */
const CALLER = makeAgent({ ...SALES, phoneNumber: '+14155550111' });

const openAgent = (extra: FakeRoutes = {}, agent = CALLER) => openAgentDetail(agent, extra);

/** Lets fetches and React updates settle while timers are fake. */
async function settle() {
  for (let i = 0; i < 10; i++) await act(() => vi.advanceTimersByTimeAsync(0));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('agent detail delete', () => {
  it('asks first, then toasts the name and goes to /agents only after 1.5 s', async () => {
    const app = await openAgent({ 'DELETE /agents/a2': { body: { success: true } } });
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await settle();
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Agent' });
    expect(within(confirm).getByText(/delete the agent Sales Bot\?/)).toBeTruthy();
    expect(app.fake.callsTo('DELETE /agents/a2')).toHaveLength(0);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(screen.getByText('Agent Sales Bot deleted successfully')).toBeTruthy();
    expect(app.fake.callsTo('DELETE /agents/a2')).toHaveLength(1);
    expect(app.location()).toBe('/agents/a2');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(app.location()).toBe('/agents/a2');
    await act(() => vi.advanceTimersByTimeAsync(1));
    // The agents list is its own chunk: the move shows once it has loaded.
    vi.useRealTimers();
    await waitFor(() => expect(app.location()).toBe('/agents'));
  });

  it("says 'Failed to delete agent' and stays when deleting fails", async () => {
    const app = await openAgent({ 'DELETE /agents/a2': { status: 500 } });
    await confirmDelete(app.user, 'Delete Agent');
    expect(await screen.findByText('Failed to delete agent')).toBeTruthy();
    expect(app.location()).toBe('/agents/a2');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('agent detail call dialog', () => {
  it('asks for a number in international format and places the call', async () => {
    const app = await openAgent({ 'POST /twilio/make-call': { body: { success: true, callSid: 'CA1' } } });
    await app.user.click(screen.getByRole('button', { name: 'Call' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Phone number to call') as HTMLInputElement;
    expect(field.placeholder).toBe('+14155550123');
    const call = within(dialog).getByRole('button', { name: 'Call' }) as HTMLButtonElement;
    expect(call.disabled).toBe(true);
    await app.user.type(field, '   ');
    expect(call.disabled).toBe(true);
    await app.user.type(field, '+15551234567 ');
    expect(call.disabled).toBe(false);
    await app.user.click(call);
    expect(await screen.findByText('Call initiated to +15551234567')).toBeTruthy();
    expect(app.fake.callsTo('POST /twilio/make-call')[0]?.body).toEqual({ phoneNumber: '+15551234567', agentId: 'a2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Submitting the call dialog is not a Save of the agent page behind it.
    expect(screen.queryByText('Agent updated successfully')).toBeNull();
    expect(app.fake.callsTo('PATCH /agents/a2')).toHaveLength(0);
  });

  it("links 'Call initiated' to the call's session", async () => {
    const callSid = `CA${'b'.repeat(32)}`;
    const app = await openAgent({ 'POST /twilio/make-call': { body: { success: true, callSid } } });
    await app.user.click(screen.getByRole('button', { name: 'Call' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByLabelText('Phone number to call'), '+15551234567');
    await app.user.click(within(dialog).getByRole('button', { name: 'Call' }));
    const toast = (await screen.findByText('Call initiated to +15551234567')).closest('[role="status"]') as HTMLElement;
    const link = within(toast).getByRole('link', { name: 'View session' });
    expect(link.getAttribute('href')).toBe(`/sessions/${callSid}`);
    await app.user.click(link);
    await waitFor(() => expect(app.location()).toBe(`/sessions/${callSid}`));
    await waitFor(() => expect(screen.queryByText('Call initiated to +15551234567')).toBeNull());
  });

  it("says 'Failed to initiate call' with the server's reason and keeps the dialog open", async () => {
    const app = await openAgent({
      'POST /twilio/make-call': failure(400, 'This agent has no phone number to call from', 'bad_request'),
    });
    await app.user.click(screen.getByRole('button', { name: 'Call' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByLabelText('Phone number to call'), '+15551234567');
    await app.user.click(within(dialog).getByRole('button', { name: 'Call' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to initiate call: This agent has no phone number to call from',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    // Said once, in the dialog: no toast behind it.
    expect(document.querySelector('.sb-toast')).toBeNull();
  });

  it("says only 'Failed to initiate call' when the server gives no reason", async () => {
    const app = await openAgent({ 'POST /twilio/make-call': { status: 500 } });
    await app.user.click(screen.getByRole('button', { name: 'Call' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByLabelText('Phone number to call'), '+15551234567');
    await app.user.click(within(dialog).getByRole('button', { name: 'Call' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to initiate call');
  });

  it('is disabled without a saved number and says why next to it', async () => {
    const app = await openAgent({}, SALES);
    const call = screen.getByRole('button', { name: 'Call' }) as HTMLButtonElement;
    expect(call.disabled).toBe(true);
    const reason = document.getElementById(call.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(AGENT_TEXTS.callNeedsNumber);
    expect(screen.getByText(AGENT_TEXTS.callNeedsNumber)).toBeTruthy();

    // Choosing a number is not enough: calls go out from the saved one.
    await app.user.click(screen.getByRole('combobox', { name: 'Phone Number' }));
    await app.user.click(await screen.findByRole('option', { name: '+1 (415) 555-0111' }));
    expect(await screen.findByText(AGENT_TEXTS.callNeedsSave)).toBeTruthy();
    expect(call.disabled).toBe(true);
  });
});
