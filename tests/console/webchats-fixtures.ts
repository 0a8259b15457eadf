import { screen } from '@testing-library/react';
import { DEFAULT_APPEARANCE, WEBCHAT_DEFAULTS } from '../../shared/defaults.js';
import { LEAD_CAPTURE_OFF } from '../../shared/leadCapture.js';
import type { CrawlResponse, WebchatKnowledge } from '../../shared/types/knowledge.js';
import type { Demo, Webchat } from '../../shared/types/webchat.js';
import type { FakeRoutes } from '../helpers/consoleFakeApi.js';

export const CREATED = Date.UTC(2026, 0, 5, 9, 30);

export function makeBot(overrides: Partial<Webchat> = {}): Webchat {
  return {
    id: 'bot-1',
    name: 'Help Desk',
    description: 'Answers questions about orders',
    system_prompt: WEBCHAT_DEFAULTS.systemPrompt,
    welcome_message: WEBCHAT_DEFAULTS.welcomeMessage,
    model: 'gpt-4o-mini',
    temperature: 0.7,
    enabled: true,
    tool_recursion_depth: 10,
    short_term_messages_retention_period: 7200,
    keep_history_days: null,
    tools: [],
    created_at: CREATED,
    updated_at: CREATED,
    appearance: { ...DEFAULT_APPEARANCE },
    allowed_sites: [],
    starter_questions: [],
    talk_to_person: false,
    lead_capture: LEAD_CAPTURE_OFF,
    active_conversations: 0,
    ...overrides,
  };
}

export function makeDemo(overrides: Partial<Demo> = {}): Demo {
  return {
    id: 'demo-abcdefghijklmnopqrstuv',
    link: 'https://shop.example.com/a/very/long/path/that/goes/on/and/on/for/a/while',
    created_at: CREATED,
    accessUrl: 'https://switchboard.example.org/demo/demo-abcdefghijklmnopqrstuv',
    webchatId: 'bot-1',
    ...overrides,
  };
}

export const SCRIPT = '<script src="https://switchboard.example.org/widget.js" data-webchat-id="bot-1" defer></script>';

/** The routes a loaded bot page calls. */
export function botRoutes(bot: Webchat, extra: FakeRoutes = {}): FakeRoutes {
  return {
    [`GET /webchats/${bot.id}`]: { body: bot },
    'GET /webchats/integration-script': { body: { integrationScript: SCRIPT } },
    'GET /webchats/get-demos': { body: [] },
    'GET /tools': { body: [] },
    ...extra,
  };
}

/** Finds a toast by its text (the toasts' text, not the same words elsewhere on the page). */
export const toast = (text: string) => screen.findByText(text, { selector: '.sb-toast *' });

/** The Knowledge tab's 'Crawled URLs (n)' heading, whose count follows the list. */
export const counter = () => screen.getByRole('heading', { level: 2, name: /^Crawled URLs/ }).textContent;

export const SITE = 'https://acme.example';
export const HOME_URL = `${SITE}/`;
export const ABOUT_URL = `${SITE}/about`;
export const BROKEN_URL = `${SITE}/broken`;
/** Longer than the preview's 200 characters. */
export const HOME_TEXT = `Welcome to Acme Garden Supplies. ${'We sell rakes, hoses and seeds for every season. '.repeat(6)}Visit us soon.`;
export const ABOUT_TEXT = 'Acme was founded in 1999 by two gardeners.';

/** A crawl answer (GET /webchats/crawl) of the three pages above; the broken one failed. */
export function crawlAnswer(overrides: Partial<CrawlResponse> = {}): CrawlResponse {
  return {
    urls: [HOME_URL, ABOUT_URL, BROKEN_URL],
    content: { [HOME_URL]: HOME_TEXT, [ABOUT_URL]: ABOUT_TEXT, [BROKEN_URL]: '' },
    finish: 'complete',
    errors: { [BROKEN_URL]: 'HTTP 500' },
    ...overrides,
  };
}

/** Saved knowledge: the three pages, About excluded, with a summary. */
export function makeKnowledge(overrides: Partial<WebchatKnowledge> = {}): WebchatKnowledge {
  return {
    site_url: 'acme.example',
    pages: [
      { url: HOME_URL, text: HOME_TEXT, selected: true },
      { url: ABOUT_URL, text: ABOUT_TEXT, selected: false },
      { url: BROKEN_URL, text: '', selected: true },
    ],
    summary: 'Acme sells garden tools.',
    ...overrides,
  };
}
