import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure } from '../helpers/consoleFakeApi.js';
import type { renderConsole } from '../helpers/consoleRender.js';
import { choose, openAgentDetail as openAgent, SALES, SUPPORT } from './agents-fixtures.js';

const save = (app: ReturnType<typeof renderConsole>) => app.user.click(screen.getByRole('button', { name: 'Save' }));

describe('agent detail save', () => {
  it('keeps edits local until Save, then PATCHes only the changed fields with tools as ids', async () => {
    const app = await openAgent(SALES, {
      'PATCH /agents/a2': ({ body }) => ({ body: { ...SALES, ...(body as object), tools: [] } }),
    });
    await app.user.type(screen.getByLabelText('Description'), 'Sells things');
    await choose(app, 'Voice', 'verse');
    await app.user.click(await screen.findByRole('checkbox', { name: 'weather' }));
    await app.user.click(screen.getByRole('switch', { name: 'Agent speaks first' }));
    const temperature = screen.getByLabelText('Temperature');
    await app.user.clear(temperature);
    await app.user.type(temperature, '1');
    expect(app.fake.callsTo('PATCH /agents/a2')).toHaveLength(0);

    const detailLoads = app.fake.callsTo('GET /agents/a2').length;
    await save(app);
    expect(await screen.findByText('Agent updated successfully')).toBeTruthy();
    expect(app.fake.callsTo('PATCH /agents/a2')[0]?.body).toEqual({
      description: 'Sells things',
      voice: 'verse',
      tools: ['t3'],
      speakFirst: true,
      temperature: 1,
    });
    // The number did not change, so the association was left alone.
    expect(app.fake.callsTo('POST /phone-associations')).toHaveLength(0);
    await waitFor(() => expect(app.fake.callsTo('GET /agents/a2').length).toBeGreaterThan(detailLoads));
  });

  it("shows 'Currently assigned to' for another agent's number, then moves it after the update", async () => {
    const app = await openAgent(SALES, {
      'PATCH /agents/a2': { body: SALES },
      'POST /phone-associations': { body: { success: true } },
    });
    await choose(app, 'Phone Number', '+1 (415) 555-0100');
    expect(screen.getByText('Currently assigned to: Support Bot')).toBeTruthy();
    await app.user.type(screen.getByLabelText('System Message'), 'Be brief.');
    await save(app);
    expect(await screen.findByText('Agent updated successfully')).toBeTruthy();
    const order = app.fake.calls
      .map((c) => `${c.method} ${c.path}`)
      .filter((k) => k.startsWith('PATCH') || k.startsWith('POST'));
    expect(order).toEqual(['PATCH /agents/a2', 'POST /phone-associations']);
    expect(app.fake.callsTo('PATCH /agents/a2')[0]?.body).toEqual({ systemMessage: 'Be brief.' });
    expect(app.fake.callsTo('POST /phone-associations')[0]?.body).toEqual({
      phoneNumber: '+14155550100',
      agentId: 'a2',
    });
  });

  it('releases the number with DELETE when set to None, without a PATCH when nothing else changed', async () => {
    const app = await openAgent(SUPPORT, { 'DELETE /phone-associations/%2B14155550100': { body: { success: true } } });
    await choose(app, 'Phone Number', 'None');
    await save(app);
    expect(await screen.findByText('Agent updated successfully')).toBeTruthy();
    expect(app.fake.callsTo('DELETE /phone-associations/%2B14155550100')).toHaveLength(1);
    expect(app.fake.callsTo('PATCH /agents/a1')).toHaveLength(0);
  });

  it("says 'Agent updated but phone association failed' when the move fails", async () => {
    const app = await openAgent(SALES, {
      'PATCH /agents/a2': { body: SALES },
      'POST /phone-associations': failure(502, 'Twilio is down', 'upstream_error'),
    });
    await choose(app, 'Phone Number', '+1 (415) 555-0111');
    await app.user.type(screen.getByLabelText('Description'), 'x');
    await save(app);
    expect(await screen.findByText('Agent updated but phone association failed')).toBeTruthy();
    expect(screen.queryByText('Agent updated successfully')).toBeNull();
    expect(app.fake.callsTo('PATCH /agents/a2')).toHaveLength(1);
    // The chosen number stays selected so Save can try the move again.
    expect(screen.getByRole('combobox', { name: 'Phone Number' }).textContent).toBe('+1 (415) 555-0111');
  });

  it("says 'Failed to update agent' and skips the association when the update fails", async () => {
    const app = await openAgent(SALES, { 'PATCH /agents/a2': { status: 500 } });
    await choose(app, 'Phone Number', '+1 (415) 555-0111');
    await app.user.type(screen.getByLabelText('Description'), 'x');
    await save(app);
    expect(await screen.findByText('Failed to update agent')).toBeTruthy();
    expect(app.fake.callsTo('POST /phone-associations')).toHaveLength(0);
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('x');
  });

  it('refuses to save an empty name', async () => {
    const app = await openAgent();
    await app.user.clear(screen.getByLabelText(/^Name/));
    await save(app);
    expect(screen.getByText('Agent name is required')).toBeTruthy();
    expect(app.fake.callsTo('PATCH /agents/a2')).toHaveLength(0);
  });

  it('explains how to get phone numbers when Twilio credentials are missing, with a link to Settings', async () => {
    await openAgent(SALES, {
      'GET /twilio/get-all-phone-numbers': {
        status: 400,
        body: {
          success: false,
          error: 'Twilio credentials are missing: add credentials in Settings',
          code: 'missing_credentials',
        },
      },
    });
    const note = await screen.findByText(
      /Add your Twilio Account SID and Auth Token in Settings to attach a phone number\./,
    );
    expect(within(note).getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe('/settings');
    const basics = screen.getByRole('region', { name: 'Basic Information' });
    expect(within(basics).getByRole('combobox', { name: 'Phone Number' }).textContent).toBe('None');
  });

  it("passes on the server's warning when the number moved but Twilio could not be updated", async () => {
    const app = await openAgent(SALES, {
      'POST /phone-associations': { body: { success: true, warning: 'Incoming calls will not reach this agent yet' } },
    });
    await choose(app, 'Phone Number', '+1 (415) 555-0111');
    await save(app);
    expect(await screen.findByText('Agent updated successfully')).toBeTruthy();
    expect(screen.getByText('Incoming calls will not reach this agent yet')).toBeTruthy();
  });

  it("shows the server's reason when Twilio refuses the saved credentials", async () => {
    await openAgent(SALES, {
      'GET /twilio/get-all-phone-numbers': failure(
        400,
        'Twilio rejected the credentials (Authenticate)',
        'twilio_auth_failed',
      ),
    });
    const note = await screen.findByText(/Twilio rejected the credentials \(Authenticate\)/);
    expect(within(note).getByRole('link', { name: 'Open Settings' })).toBeTruthy();
    expect(screen.queryByText(/Add your Twilio Account SID/)).toBeNull();
  });
});
