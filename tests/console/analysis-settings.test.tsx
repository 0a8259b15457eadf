/**
 * The Post-call analysis section of an agent's page and of a bot's Bot Behaviour tab (issue 21
 * part C): it loads the settings, saves them on its own with the schema typed in the JSON editor,
 * catches a schema that is not JSON before sending, and shows the server's strict-mode refusal
 * as it says it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnalysisSettings } from '../../shared/types/analysis.js';
import { renderAsUser } from '../helpers/consoleRender.js';
import { openAgentDetail, SALES } from './agents-fixtures.js';
import { botRoutes, makeBot } from './webchats-fixtures.js';

vi.mock('../../console/components/code/CodeEditor.js', () => import('../helpers/codeEditorStandIn.js'));

const OFF: AnalysisSettings = { enabled: false, summaryPrompt: '', successCriteria: '', dataSchema: null };
const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: { party_size: { type: 'integer' } },
  required: ['party_size'],
};

const section = () => screen.getByRole('region', { name: 'Post-call analysis' });

describe("an agent's Post-call analysis section", () => {
  it('loads the settings and saves them with the schema from the JSON editor', async () => {
    const app = await openAgentDetail(SALES, {
      [`GET /agents/${SALES.id}/analysis`]: { body: OFF },
      [`PUT /agents/${SALES.id}/analysis`]: (call) => ({ body: call.body }),
    });
    const region = await screen.findByRole('region', { name: 'Post-call analysis' });
    const toggle = await within(region).findByRole('switch', { name: 'Analyse conversations when they end' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await app.user.click(toggle);
    await app.user.type(within(region).getByRole('textbox', { name: 'Success criteria' }), 'A table was booked.');
    const editor = within(region).getByRole('textbox', { name: 'Data to extract (JSON Schema)' });
    await app.user.click(editor);
    await app.user.paste(JSON.stringify(SCHEMA));
    await app.user.click(within(region).getByRole('button', { name: 'Save analysis settings' }));

    await waitFor(() => expect(app.fake.callsTo(`PUT /agents/${SALES.id}/analysis`)).toHaveLength(1));
    expect(app.fake.callsTo(`PUT /agents/${SALES.id}/analysis`)[0]?.body).toEqual({
      enabled: true,
      summaryPrompt: '',
      successCriteria: 'A table was booked.',
      dataSchema: SCHEMA,
    });
    // The agent's own settings were not saved with it.
    expect(app.fake.callsTo(`PATCH /agents/${SALES.id}`)).toHaveLength(0);
  });

  it('says a schema that is not JSON before sending, and shows the server refusal as it says it', async () => {
    const refusal =
      'dataSchema: not in the strict-mode subset, at the root: an object must set additionalProperties to false';
    const app = await openAgentDetail(SALES, {
      [`GET /agents/${SALES.id}/analysis`]: { body: OFF },
      [`PUT /agents/${SALES.id}/analysis`]: {
        status: 400,
        body: { success: false, error: refusal, code: 'validation_failed' },
      },
    });
    const region = await screen.findByRole('region', { name: 'Post-call analysis' });
    const editor = await within(region).findByRole('textbox', { name: 'Data to extract (JSON Schema)' });
    await app.user.click(editor);
    await app.user.paste('{"type": "object",');
    await app.user.click(within(region).getByRole('button', { name: 'Save analysis settings' }));
    expect((await within(region).findByRole('alert')).textContent).toBe('The data schema is not valid JSON');
    expect(app.fake.callsTo(`PUT /agents/${SALES.id}/analysis`)).toHaveLength(0);

    await app.user.clear(editor);
    await app.user.paste('{"type": "object", "properties": {}}');
    await app.user.click(within(region).getByRole('button', { name: 'Save analysis settings' }));
    await waitFor(() => expect(within(section()).getByRole('alert').textContent).toBe(refusal));
    expect(editor.getAttribute('aria-invalid')).toBe('true');
  });
});

describe("a bot's Post-call analysis section", () => {
  it('shows on Bot Behaviour with the saved settings', async () => {
    const saved: AnalysisSettings = {
      enabled: true,
      summaryPrompt: 'Say what they asked.',
      successCriteria: '',
      dataSchema: SCHEMA,
    };
    renderAsUser('/webchats/bot-1', botRoutes(makeBot(), { 'GET /webchats/bot-1/analysis': { body: saved } }));
    const region = await screen.findByRole('region', { name: 'Post-call analysis' });
    await waitFor(() =>
      expect(
        within(region)
          .getByRole('switch', { name: 'Analyse conversations when they end' })
          .getAttribute('aria-checked'),
      ).toBe('true'),
    );
    expect((within(region).getByRole('textbox', { name: 'Summary prompt' }) as HTMLTextAreaElement).value).toBe(
      'Say what they asked.',
    );
    expect(
      JSON.parse(
        (within(region).getByRole('textbox', { name: 'Data to extract (JSON Schema)' }) as HTMLTextAreaElement).value,
      ),
    ).toEqual(SCHEMA);
  });
});
