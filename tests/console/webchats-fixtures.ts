import { DEFAULT_APPEARANCE, WEBCHAT_DEFAULTS } from '../../shared/defaults.js';
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
    tools: [],
    created_at: CREATED,
    updated_at: CREATED,
    appearance: { ...DEFAULT_APPEARANCE },
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
