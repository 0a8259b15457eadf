/**
 * The admin price page (issue 21): the price table by model and date in force with its six
 * prices, a dated row added, a row's prices edited, a row deleted after a confirm; problems shown
 * at their field, the server's too when it names one; loading failures and an empty table said.
 */

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModelPrice, ModelPricesResponse } from '../../shared/types/pricing.js';
import { type FakeCall, type FakeReply, type FakeRoutes, failure } from '../helpers/consoleFakeApi.js';
import { ADMIN, renderConsole } from '../helpers/consoleRender.js';

const MAY_1 = Date.UTC(2026, 4, 1);
const price = (model: string, effectiveFrom: number, textIn: number): ModelPrice => ({
  model,
  effectiveFrom,
  textIn,
  textCached: textIn / 10,
  textOut: textIn * 4,
  audioIn: 0,
  audioCached: 0,
  audioOut: 0,
  updatedAt: 1,
});

/** A price API that keeps what it is sent, as the server does (one row per model and date). */
function priceApi(initial: ModelPrice[], extra: FakeRoutes = {}): FakeRoutes {
  let rows = [...initial];
  const answer = (): ModelPricesResponse => ({
    success: true,
    prices: [...rows].sort((a, b) => a.model.localeCompare(b.model) || a.effectiveFrom - b.effectiveFrom),
    telephony: { inboundUsdPerMinute: 0.0085, outboundUsdPerMinute: 0.013 },
  });
  return {
    'GET /accounts/admin/prices': () => ({ body: answer() }),
    'PUT /accounts/admin/prices': (call) => {
      const sent = call.body as Omit<ModelPrice, 'updatedAt'>;
      rows = rows.filter((row) => !(row.model === sent.model && row.effectiveFrom === sent.effectiveFrom));
      rows.push({ ...sent, updatedAt: 2 });
      return { body: answer() };
    },
    'DELETE /accounts/admin/prices': (call) => {
      const model = call.query.get('model');
      const from = Number(call.query.get('effectiveFrom'));
      rows = rows.filter((row) => !(row.model === model && row.effectiveFrom === from));
      return { body: { success: true } };
    },
    ...extra,
  };
}

const openPrices = (routes: FakeRoutes) => renderConsole({ path: '/admin/prices', session: { user: ADMIN }, routes });

/** Each body row's cells as text. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].slice(0, 8).map((cell) => cell.textContent));

describe('admin price page', () => {
  it('lists the prices by model and date in force, with the six prices and the telephony rates', async () => {
    openPrices(priceApi([price('gpt-4o-mini', 0, 0.15), price('gpt-4o-mini', MAY_1, 0.2), price('gpt-4o', 0, 2.5)]));
    const table = await screen.findByRole('table', { name: 'Model prices' });
    expect(screen.getByRole('heading', { level: 1, name: 'Model Prices' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Model',
      'In force from',
      'Text in',
      'Text cached',
      'Text out',
      'Audio in',
      'Audio cached',
      'Audio out',
      'Actions',
    ]);
    expect(rowsOf(table)).toEqual([
      ['gpt-4o', 'From the start', '2.5', '0.25', '10', '0', '0', '0'],
      ['gpt-4o-mini', 'From the start', '0.15', '0.015', '0.6', '0', '0', '0'],
      ['gpt-4o-mini', '2026-05-01', '0.2', '0.02', '0.8', '0', '0', '0'],
    ]);
    expect(screen.getByText(/inbound \$0\.0085 and outbound \$0\.013 per started minute/)).toBeTruthy();
  });

  it('is reached from the admin dashboard', async () => {
    const app = renderConsole({
      path: '/admin',
      session: { user: ADMIN },
      routes: { 'GET /accounts/admin/users': { body: { success: true, users: [] } }, ...priceApi([]) },
    });
    await app.user.click(await screen.findByRole('link', { name: 'Model Prices' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Model Prices' })).toBeTruthy();
    expect(await screen.findByText('No prices yet')).toBeTruthy();
  });

  it('adds a dated row, checking each field before it is sent', async () => {
    const app = openPrices(priceApi([price('gpt-4o', 0, 2.5)]));
    await screen.findByRole('table', { name: 'Model prices' });
    await app.user.click(screen.getByRole('button', { name: 'Add Price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Price' });
    const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
    const said = (label: string) =>
      document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent ?? '';

    await app.user.type(field('Model'), 'gpt 4o');
    await app.user.type(field('Text in'), '-1');
    await app.user.type(field('Text cached'), 'ten');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(said('Model')).toContain('Letters, digits and . _ : / - only');
    expect(said('Text in')).toContain('Must be between 0 and 10000');
    expect(said('Text cached')).toContain('Must be a number');
    expect(said('Text out')).toContain('Is required');
    expect(field('Model').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Model')));
    expect(app.fake.callsTo('PUT /accounts/admin/prices')).toHaveLength(0);

    await app.user.clear(field('Model'));
    await app.user.type(field('Model'), 'gpt-4o');
    expect(said('Model')).not.toContain('Letters');
    await app.user.type(field('In force from'), '2026-05-01');
    for (const [label, value] of [
      ['Text in', '3'],
      ['Text cached', '0.3'],
      ['Text out', '12'],
    ] as const) {
      await app.user.clear(field(label));
      await app.user.type(field(label), value);
    }
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Price' })).toBeNull());
    expect(app.fake.callsTo('PUT /accounts/admin/prices')[0]?.body).toEqual({
      model: 'gpt-4o',
      effectiveFrom: MAY_1,
      textIn: 3,
      textCached: 0.3,
      textOut: 12,
      audioIn: 0,
      audioCached: 0,
      audioOut: 0,
    });
    expect(await screen.findByText('Price of gpt-4o saved successfully')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Model prices' });
    await waitFor(() =>
      expect(rowsOf(table)).toEqual([
        ['gpt-4o', 'From the start', '2.5', '0.25', '10', '0', '0', '0'],
        ['gpt-4o', '2026-05-01', '3', '0.3', '12', '0', '0', '0'],
      ]),
    );
  });

  it('edits a row’s prices, its model and date kept, and shows the server’s problem at its field', async () => {
    let refuse = true;
    const api = priceApi([price('gpt-4o-mini', MAY_1, 0.15)]);
    const save = api['PUT /accounts/admin/prices'] as (call: FakeCall) => FakeReply;
    const app = openPrices({
      ...api,
      // The first save is refused as the server refuses a price out of range.
      'PUT /accounts/admin/prices': (call) => {
        if (!refuse) return save(call);
        refuse = false;
        return failure(400, 'audioOut: must be <= 10000', 'validation_failed');
      },
    });
    await screen.findByRole('table', { name: 'Model prices' });
    await app.user.click(screen.getByRole('button', { name: 'Edit gpt-4o-mini from 2026-05-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Price of gpt-4o-mini' });
    const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
    expect(field('Model').value).toBe('gpt-4o-mini');
    expect(field('Model').disabled).toBe(true);
    expect(field('In force from').value).toBe('2026-05-01');
    expect(field('In force from').disabled).toBe(true);
    expect(field('Text in').value).toBe('0.15');

    await app.user.clear(field('Text out'));
    await app.user.type(field('Text out'), '0.9');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('Audio out').getAttribute('aria-invalid')).toBe('true'));
    const describedBy = field('Audio out').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain('Must be <= 10000');

    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.fake.callsTo('PUT /accounts/admin/prices').at(-1)?.body).toMatchObject({
      model: 'gpt-4o-mini',
      effectiveFrom: MAY_1,
      textIn: 0.15,
      textOut: 0.9,
    });
    const table = screen.getByRole('table', { name: 'Model prices' });
    await waitFor(() => expect(rowsOf(table)[0]?.[4]).toBe('0.9'));
  });

  it('deletes a row after a confirm, and keeps it when Cancel is chosen', async () => {
    const app = openPrices(priceApi([price('gpt-4o', 0, 2.5), price('gpt-4o', MAY_1, 3)]));
    await screen.findByRole('table', { name: 'Model prices' });
    await app.user.click(screen.getByRole('button', { name: 'Delete gpt-4o from 2026-05-01' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
    expect(dialog.textContent).toContain('delete the price of gpt-4o in force from 2026-05-01');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.fake.callsTo('DELETE /accounts/admin/prices')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Delete gpt-4o from 2026-05-01' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const [call] = app.fake.callsTo('DELETE /accounts/admin/prices');
    expect(Object.fromEntries(call!.query)).toEqual({ model: 'gpt-4o', effectiveFrom: String(MAY_1) });
    const table = screen.getByRole('table', { name: 'Model prices' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));
  });

  it('says when the prices cannot be loaded', async () => {
    openPrices({ 'GET /accounts/admin/prices': { status: 500 } });
    expect(await screen.findByText('Failed to fetch prices')).toBeTruthy();
  });

  it('keeps the confirm open with the server’s reason when a delete fails', async () => {
    const app = openPrices(
      priceApi([price('gpt-4o', 0, 2.5)], { 'DELETE /accounts/admin/prices': failure(404, 'Price not found') }),
    );
    await screen.findByRole('table', { name: 'Model prices' });
    await app.user.click(screen.getByRole('button', { name: 'Delete gpt-4o from the start' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Price not found')).toBeTruthy();
  });
});
