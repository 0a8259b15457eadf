/**
 * WCAG 2.5.3 Label in Name (issue 18: "Copy Script" was named "Copy integration script", so
 * "click Copy Script" in a voice control tool found nothing): on the key pages, every button, tab
 * and link whose text shows has an accessible name that contains that text.
 */

import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/types/user.js';
import type { FakeRoutes } from '../helpers/consoleFakeApi.js';
import { ADMIN, renderAsUser, renderConsole, USER } from '../helpers/consoleRender.js';
import { detailRoutes, SALES, SUPPORT, TOOLS } from './agents-fixtures.js';
import { LIVE, sessionsRoutes } from './sessions-fixtures.js';
import { botRoutes, makeBot, makeDemo, makeKnowledge } from './webchats-fixtures.js';

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The text a sighted user reads on the control. Radix repeats a tab's label in a hidden span (for
 * layout), and happy-dom applies no stylesheet, so that copy is left out by its class.
 */
function visibleText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.rt-TabsTriggerInnerHidden, [hidden]')) hidden.remove();
  return normalize(copy.textContent ?? '');
}

/**
 * Every control on screen whose name does not contain its visible label, as 'role "label" named
 * "name"'. A card that is one big link is labelled by its heading; the rest of it describes it.
 */
function mismatches(): string[] {
  const found: string[] = [];
  for (const role of ['button', 'tab', 'link', 'menuitem'] as const) {
    // Testing Library's name matcher is handed each element's computed accessible name.
    screen.queryAllByRole(role, {
      name: (accessibleName, element) => {
        const text = visibleText(element.querySelector('h1, h2, h3, h4, h5, h6') ?? element);
        const name = normalize(accessibleName);
        if (text !== '' && !name.includes(text)) found.push(`${role} "${text}" named "${name}"`);
        return false;
      },
    });
  }
  return found;
}

async function expectLabelsInNames(path: string, routes: FakeRoutes, ready: () => Promise<unknown>, user = USER) {
  cleanup();
  renderConsole({ path, session: { user }, routes });
  await ready();
  expect(mismatches()).toEqual([]);
}

const USERS: User[] = [
  { id: '1', username: 'alice', email: 'alice@example.com', role: 'admin', created_at: 1_700_000_000_000 },
  { id: '2', username: 'bob', email: 'bob@example.com', role: 'user', created_at: 1_700_000_000_000 },
];

describe('label in name', () => {
  it('agents list and agent page', async () => {
    await expectLabelsInNames('/agents', { 'GET /agents': { body: [SUPPORT, SALES] } }, () =>
      screen.findByText('Support Bot'),
    );
    await expectLabelsInNames(`/agents/${SUPPORT.id}`, detailRoutes(SUPPORT), () =>
      screen.findByRole('heading', { level: 1, name: SUPPORT.name }),
    );
  });

  it('sessions', async () => {
    expect(LIVE.fromPhoneNumber).toBe('+14155550123');
    await expectLabelsInNames('/sessions', sessionsRoutes(), () => screen.findAllByText('+1 (415) 555-0123'));
  });

  it('web chat page: behaviour with the integration script, knowledge, demo', async () => {
    const bot = makeBot({ knowledge: makeKnowledge() });
    const routes = botRoutes(bot, { 'GET /webchats/get-demos': { body: [makeDemo()] } });
    await expectLabelsInNames('/webchats/bot-1', routes, () => screen.findByTestId('integration-script'));
    await expectLabelsInNames('/webchats/bot-1?tab=knowledge', routes, () =>
      screen.findByRole('heading', { level: 2, name: /^Crawled URLs/ }),
    );
    await expectLabelsInNames('/webchats/bot-1?tab=demo', routes, () => screen.findByText(makeDemo().accessUrl!));
  });

  it('tools, a tool, custom values', async () => {
    const routes: FakeRoutes = {
      'GET /tools': { body: TOOLS },
      'GET /tools/t1': { body: TOOLS[0] },
      'GET /custom-values': { body: { success: true, customValues: [{ name: 'GREETING', value: 'Hello' }] } },
    };
    await expectLabelsInNames('/tools', routes, () => screen.findByRole('link', { name: 'lookup_order' }));
    await expectLabelsInNames('/tools/t1', routes, () => screen.findByRole('heading', { name: 'Edit Tool' }));
    await expectLabelsInNames('/tools?tab=values', routes, () => screen.findByText('GREETING'));
  });

  it('settings and admin', async () => {
    const settings = {
      'GET /accounts/settings': { body: { success: true, settings: { OPENAI_API_KEY: '••••••••abcd' } } },
    };
    await expectLabelsInNames('/settings', settings, () => screen.findByLabelText('OpenAI API Key'));
    await expectLabelsInNames(
      '/admin',
      { 'GET /accounts/admin/users': { body: { success: true, users: USERS } } },
      () => screen.findByRole('table', { name: 'Users' }),
      ADMIN,
    );
  });

  it('a copy button keeps its visible label in its name while it reads Copied!', async () => {
    renderAsUser('/webchats/bot-1', botRoutes(makeBot()));
    await screen.findByTestId('integration-script');
    const copy = screen.getAllByRole('button').find((button) => visibleText(button) === 'copy script')!;
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => undefined }, configurable: true });
    copy.click();
    await waitFor(() => expect(visibleText(copy)).toBe('copied!'));
    expect(mismatches()).toEqual([]);
  });
});
