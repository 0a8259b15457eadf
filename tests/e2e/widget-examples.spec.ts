/**
 * The example pages (examples/, served at /examples/) in Chromium, loading the built widget as a
 * customer page does: the strict-CSP page works with zero policy violations, the designer
 * preview's controls restyle the panel, a phone viewport gets the full-screen panel, a hostile
 * dark site's styles don't reach the widget, and a real bot's page shows that bot.
 * Playwright's locators pierce the widget's open shadow root.
 */

import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME, E2E_SCREENSHOTS_DIR } from '../helpers/e2eEnv.js';

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 700 };

/** Records CSP violations and console errors from the first script on; read with `problems()`. */
async function watchProblems(page: Page): Promise<() => Promise<string[]>> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...errors,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(E2E_SCREENSHOTS_DIR, `widget-${name}.png`) });
}

const launcher = (page: Page) => page.locator('[data-switchboard-widget] .launcher');
const panel = (page: Page) => page.getByRole('dialog');
const messageField = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** The element focused inside the widget's shadow root, described by its class. */
/** Waits for the panel's opening animation to end, so its box is where it stays. */
const settled = (page: Page) =>
  panel(page).evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)).then(() => undefined));

const focusedInWidget = (page: Page) =>
  page.evaluate(
    () => document.querySelector('[data-switchboard-widget]')?.shadowRoot?.activeElement?.className ?? null,
  );

test('strict CSP page: the widget renders, opens, styles and works with zero policy violations', async ({ page }) => {
  await page.setViewportSize(WIDE);
  const problems = await watchProblems(page);
  await page.goto('/examples/strict-csp.html');
  await expect(launcher(page)).toBeVisible();
  // The sample look's primary colour, set as a custom property through the CSSOM under the policy.
  await expect(launcher(page)).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(launcher(page)).toHaveAccessibleName('Open chat');

  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(page.locator('[data-switchboard-widget] .header')).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  expect(await focusedInWidget(page)).toBe('input');
  await messageField(page).fill('Is anyone there?');
  await page.keyboard.press('Enter');
  await expect(panel(page).getByRole('status')).toHaveText('Not connected: this chat can’t send messages yet.');
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Is anyone there?');
  await shoot(page, 'strict-csp-open-1280');

  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  expect(await focusedInWidget(page)).toBe('launcher');
  await expect(page.locator('#csp-violations')).toHaveText('0');
  expect(await problems()).toEqual([]);
});

test('desktop: a floating panel at the bottom right, above the launcher', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await page.goto('/examples/basic.html');
  await launcher(page).click();
  await settled(page);
  const box = (await panel(page).boundingBox())!;
  const button = (await launcher(page).boundingBox())!;
  expect(box.x + box.width).toBeCloseTo(WIDE.width - 20, 0);
  expect(box.y + box.height).toBeLessThan(button.y);
  expect(box.width).toBeLessThanOrEqual(380);
  expect(box.y).toBeGreaterThan(0);
  await shoot(page, 'basic-open-1280');
});

test('phone viewport on a long page: the launcher stays in the corner, the open chat fills the screen', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const problems = await watchProblems(page);
  await page.goto('/examples/long.html');
  await expect(launcher(page)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const button = (await launcher(page).boundingBox())!;
  expect(button.x + button.width).toBeCloseTo(PHONE.width - 20, 0);
  expect(button.y + button.height).toBeCloseTo(PHONE.height - 20, 0);
  await shoot(page, 'long-scrolled-375');

  await launcher(page).tap();
  await expect(panel(page)).toBeVisible();
  await settled(page);
  expect(await panel(page).boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  // The full-screen panel covers the launcher, so its own close button is the way out.
  await expect(launcher(page)).toBeHidden();
  await shoot(page, 'long-open-375');
  await page.getByRole('button', { name: 'Close chat' }).tap();
  await expect(panel(page)).toBeHidden();
  await expect(launcher(page)).toBeVisible();
  expect(await problems()).toEqual([]);
  await context.close();
});

test("dark site: the page's hostile styles don't reach the widget; the ad opens the chat", async ({ page }) => {
  await page.setViewportSize(WIDE);
  await page.goto('/examples/dark.html');
  const chatNow = page.getByRole('button', { name: 'Chat now' });
  await expect(page.getByText('New vinyl every Friday.')).toBeVisible();
  // The page paints every button hotpink with !important; the widget's stay in the bot's colours.
  await expect(chatNow).toHaveCSS('background-color', 'rgb(245, 158, 11)');
  await expect(launcher(page)).toHaveCSS('background-color', 'rgb(245, 158, 11)');
  const root = page.locator('[data-switchboard-widget] .root');
  await expect(root).not.toHaveCSS('font-family', /Georgia/);
  await expect(root).toHaveCSS('letter-spacing', 'normal');
  await shoot(page, 'dark-ad-1280');
  await chatNow.click();
  await expect(panel(page)).toBeVisible();
  await expect(page.locator('[data-switchboard-widget] .panel')).toHaveCSS('background-color', 'rgb(17, 24, 39)');
  expect(await focusedInWidget(page)).toBe('input');
  await shoot(page, 'dark-open-1280');
});

test('designer preview: every control restyles the panel in place, in a desktop or phone frame', async ({ page }) => {
  await page.setViewportSize(WIDE);
  const problems = await watchProblems(page);
  await page.goto('/examples/preview.html');
  const frame = page.locator('#frame');
  const header = frame.locator('.header');
  await expect(frame.getByRole('dialog', { name: 'Ask Acme' })).toBeVisible();
  await expect(frame.getByText('Can I change my delivery address?')).toBeVisible();
  const panelHandle = await frame.locator('.panel').elementHandle();

  await page.getByLabel('Primary colour').fill('#ff5500');
  await expect(header).toHaveCSS('background-color', 'rgb(255, 85, 0)');
  await page.getByLabel('User bubble hex').fill('#123456');
  await expect(frame.locator('.msg.user').first()).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  // A half-typed or non-hex value is refused by the page and ignored by the widget.
  await page.getByLabel('User bubble hex').fill('red;background:url(x)');
  await expect(page.getByLabel('User bubble hex')).toHaveAttribute('aria-invalid', '');
  await expect(frame.locator('.msg.user').first()).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await page.getByLabel('Chat title').fill('Acme help desk');
  await expect(frame.getByRole('heading', { name: 'Acme help desk' })).toBeVisible();
  await page.getByLabel('Welcome message').fill('Welcome to Acme!');
  await expect(frame.locator('.msg').first()).toHaveText('Assistant: Welcome to Acme!');
  // Restyled in place: still the same panel element.
  expect(await frame.locator('.panel').evaluate((el, before) => el === before, panelHandle)).toBe(true);

  await page
    .getByLabel('Upload an image')
    .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG_8X8 });
  await expect(frame.locator('.header img')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await page.getByRole('button', { name: 'Remove avatar' }).click();
  await expect(frame.locator('.header img')).toHaveCount(0);

  await page.getByLabel('Show as Ad Message').check();
  await expect(frame.getByRole('dialog')).toBeHidden();
  await expect(frame.getByText('Questions about your order?')).toBeVisible();
  await page.getByLabel('Ad button colour').fill('#008800');
  await expect(frame.getByRole('button', { name: 'Chat now' })).toHaveCSS('background-color', 'rgb(0, 136, 0)');
  await shoot(page, 'designer-ad-1280');

  await page.getByRole('button', { name: 'Open chat' }).first().click();
  await expect(frame.getByRole('dialog')).toBeVisible();
  await expect(page.locator('#open-state')).toHaveText('open');
  await page.getByLabel('Phone').check();
  await expect(frame).toHaveCSS('width', '375px');
  // In the phone frame the panel fills the frame, as it fills a phone's screen.
  await expect
    .poll(async () => {
      const [outer, inner] = await Promise.all([
        frame.locator('[data-switchboard-widget]').boundingBox(),
        frame.locator('.panel').boundingBox(),
      ]);
      return outer && inner ? [Math.round(inner.width - outer.width), Math.round(inner.height - outer.height)] : null;
    })
    .toEqual([0, 0]);
  await shoot(page, 'designer-phone-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.locator('.stage').scrollIntoViewIfNeeded();
  await shoot(page, 'designer-phone-375');
  expect(await problems()).toEqual([]);
});

test("a real bot's page: the integration script loads that bot's title, welcome message and colours", async ({
  page,
  request,
}) => {
  const login = await request.post('/api/accounts/login', {
    data: { username: E2E_ADMIN_USERNAME, password: E2E_ADMIN_PASSWORD },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const created = await request.post('/api/webchats', {
    headers,
    data: {
      name: 'Examples bot',
      description: 'Bot for the widget example pages',
      welcome_message: 'Hello from the examples bot',
    },
  });
  test.skip(created.status() === 404, 'the web chat bot routes are not on this branch yet');
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  const appearance = { primary_color: '#aa3300', chat_title: 'Examples help' };
  const bot = (await (await request.get(`/api/webchats/${id}`, { headers })).json()) as { appearance: object };
  const saved = await request.put(`/api/webchats/${id}`, {
    headers,
    data: { appearance: { ...bot.appearance, ...appearance } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await page.setViewportSize(WIDE);
  const problems = await watchProblems(page);
  await page.goto(`/examples/strict-csp.html?webchatId=${encodeURIComponent(id)}`);
  await expect(page.locator('#snippet')).toContainText(`data-webchat-id="${id}"`);
  await expect(launcher(page)).toHaveCSS('background-color', 'rgb(170, 51, 0)');
  await launcher(page).click();
  await expect(page.getByRole('dialog', { name: 'Examples help' })).toBeVisible();
  await expect(page.getByRole('log')).toContainText('Hello from the examples bot');
  await shoot(page, 'real-bot-1280');
  expect(await problems()).toEqual([]);
  await request.delete(`/api/webchats/${id}`, { headers });
});

test('live chat on a customer page (chat routes answered in the browser): typing, Markdown answer, Retry by keyboard, kept after reload', async ({
  page,
}) => {
  // The server's chat engine is not needed here: page.route answers the public widget routes
  // as shared/types/chat.ts describes them. The page, its CSP and widget.js are the real ones.
  const CONVERSATION = 'conv_e2e_0123456789abcdef';
  const ANSWER =
    'We have **three** plans:\n\n1. *Basic* — `$5`\n2. Pro, with [priority support](https://example.com/support)\n\nSee https://example.com/pricing.';
  const sse = (events: [string, unknown][]) =>
    events.map(([type, data]) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  const posts: unknown[] = [];
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/widget/webchats/live-bot**', async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    if (path.endsWith('/messages')) {
      posts.push(request.postDataJSON());
      if (posts.length === 1) {
        return route.fulfill({
          contentType: 'text/event-stream',
          body: sse([
            ['start', { conversationId: CONVERSATION, userMessageId: 'u1' }],
            ['delta', { text: 'We ha' }],
            ['error', { code: 'provider_error', message: 'Upstream failed', retryable: true }],
          ]),
        });
      }
      // Held until the test has seen the typing indicator.
      await answered;
      const deltas = ANSWER.match(/[\s\S]{1,7}/g)!.map((text): [string, unknown] => ['delta', { text }]);
      return route.fulfill({
        contentType: 'text/event-stream',
        body: sse([
          ['start', { conversationId: CONVERSATION, userMessageId: 'u2' }],
          ...deltas,
          ['done', { conversationId: CONVERSATION, userMessageId: 'u2', assistantMessageId: 'a2' }],
        ]),
      });
    }
    // The operator events stream (issue 23) the open panel listens to: open, and nobody joins.
    if (path.endsWith('/events')) return route.fulfill({ contentType: 'text/event-stream', body: ': open\n\n' });
    if (path.endsWith(`/conversations/${CONVERSATION}`)) {
      return route.fulfill({
        json: {
          conversationId: CONVERSATION,
          messages: [
            { id: 'u2', role: 'user', text: 'What plans do you have?', createdAt: 1 },
            { id: 'a2', role: 'assistant', text: ANSWER, createdAt: 2 },
          ],
        },
      });
    }
    return route.fulfill({
      json: {
        id: 'live-bot',
        name: 'Live bot',
        title: 'Acme plans',
        welcomeMessage: 'Hi! Ask me about our plans.',
        appearance: { primary_color: '#0f766e', assistant_message_color: '#e6f4f1' },
        enabled: true,
      },
    });
  });

  await page.setViewportSize(WIDE);
  const problems = await watchProblems(page);
  await page.goto('/examples/strict-csp.html?webchatId=live-bot');
  await launcher(page).click();
  await messageField(page).fill('What plans do you have?');
  await page.keyboard.press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(panel(page).getByRole('status')).toHaveText('Your message couldn’t be sent. Please try again.');
  await expect(log.locator('.msg.user')).toHaveText('You: What plans do you have?Not sentRetry');
  await expect(log.locator('.msg.assistant')).toHaveCount(1);
  await shoot(page, 'live-retry-1280');

  // From the message field, Shift+Tab reaches Retry; Enter presses it.
  await page.keyboard.press('Shift+Tab');
  expect(await focusedInWidget(page)).toBe('retry');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('img', { name: 'Assistant is typing' })).toBeVisible();
  expect(await focusedInWidget(page)).toBe('input');
  await shoot(page, 'live-typing-1280');
  release();

  const answer = log.locator('.msg.assistant').last();
  await expect(answer).not.toHaveAttribute('aria-busy', 'true');
  await expect(answer.locator('strong')).toHaveText('three');
  await expect(answer.locator('ol > li')).toHaveCount(2);
  await expect(answer.locator('code')).toHaveText('$5');
  await expect(answer.getByRole('link', { name: 'priority support' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(answer.getByRole('link', { name: 'https://example.com/pricing' })).toHaveAttribute('target', '_blank');
  await expect(answer).toHaveCSS('background-color', 'rgb(230, 244, 241)');
  await expect(panel(page).getByRole('status')).toHaveText('');
  expect(posts).toEqual([
    { text: 'What plans do you have?' },
    { conversationId: CONVERSATION, text: 'What plans do you have?' },
  ]);
  await shoot(page, 'live-answer-1280');

  // A reload on a phone: the kept conversation comes back after the welcome message.
  await page.setViewportSize(PHONE);
  await page.reload();
  await launcher(page).click();
  await expect(log.locator('.msg')).toHaveText([
    'Assistant: Hi! Ask me about our plans.',
    'You: What plans do you have?',
    /^Assistant: We have three plans:/,
  ]);
  await settled(page);
  await shoot(page, 'live-restored-375');
  await expect(page.locator('#csp-violations')).toHaveText('0');
  expect(await problems()).toEqual([]);
});

/** An 8×8 red PNG for the avatar upload. */
const PNG_8X8 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4oaGBFTEMLQkAgl1GAWqNFmsAAAAASUVORK5CYII=',
  'base64',
);
