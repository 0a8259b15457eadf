import { afterEach, describe, expect, it, vi } from 'vitest';

const ORIGIN = 'http://127.0.0.1:3100';

/** Runs widget/index.ts as if loaded by `<script src="…/widget.js" data-…>` on a customer page. */
async function loadScript(attributes: Record<string, string>, answer: () => Promise<Response>) {
  const script = document.createElement('script');
  script.src = `${ORIGIN}/widget.js`;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  // Not attached: happy-dom would try to download it. Only currentScript matters to the script.
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  const fetchMock = vi.fn((_url: string) => answer());
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.resetModules();
  await import('../../widget/index.js');
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  // Let the fetch answer settle before looking at the page.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return fetchMock;
}

const bot = {
  id: 'demo',
  name: 'Demo bot',
  title: 'Acme support',
  welcomeMessage: 'Hi there!',
  appearance: { primary_color: '#aa0000', chat_title: 'Ask Acme' },
  enabled: true,
};

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('integration script', () => {
  it('fetches the bot from the server it was loaded from and mounts the launcher', async () => {
    const fetchMock = await loadScript({ 'data-webchat-id': 'demo' }, async () => Response.json(bot));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${ORIGIN}/api/widget/webchats/demo`);
    const host = document.querySelector<HTMLElement>('[data-switchboard-widget]');
    expect(host?.shadowRoot?.querySelector('button[aria-label="Open chat"]')).not.toBeNull();
    expect(host?.style.getPropertyValue('--sb-primary-color')).toBe('#aa0000');
  });

  it("opens on the bot's title, welcome message and starter questions from the config", async () => {
    await loadScript({ 'data-webchat-id': 'demo' }, async () =>
      Response.json({ ...bot, starterQuestions: ['Are you open today?', 42] }),
    );
    const shadow = document.querySelector('[data-switchboard-widget]')?.shadowRoot;
    (shadow!.querySelector('.launcher') as HTMLButtonElement).click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shadow?.querySelector('[role="dialog"]')?.getAttribute('aria-label')).toBe('Acme support');
    expect(shadow?.querySelector('[role="log"]')?.textContent).toBe('Assistant: Hi there!');
    expect([...(shadow?.querySelectorAll('.starter') ?? [])].map((chip) => chip.textContent)).toEqual([
      'Are you open today?',
    ]);
  });

  it("puts nothing in the page until the answer says the bot is active, then the bot's own look and title", async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const script = document.createElement('script');
    script.src = `${ORIGIN}/widget.js`;
    script.setAttribute('data-webchat-id', 'demo');
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => pending),
    );
    vi.resetModules();
    await import('../../widget/index.js');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelector('[data-switchboard-widget]')).toBeNull();
    answer(
      Response.json({ ...bot, appearance: { ...bot.appearance, is_ad_message: true, ad_message: 'Need a hand?' } }),
    );
    await vi.waitFor(() => expect(document.querySelector('[data-switchboard-widget]')).not.toBeNull());
    const host = document.querySelector<HTMLElement>('[data-switchboard-widget]')!;
    expect(host.style.getPropertyValue('--sb-primary-color')).toBe('#aa0000');
    expect(host.shadowRoot?.querySelector('.ad')?.getAttribute('aria-label')).toBe('Acme support');
    expect(host.shadowRoot?.querySelector('.ad')?.textContent).toContain('Need a hand?');
  });

  it('mounts nothing for a bot the config says is disabled', async () => {
    await loadScript({ 'data-webchat-id': 'demo' }, async () => Response.json({ ...bot, enabled: false }));
    expect(document.querySelector('[data-switchboard-widget]')).toBeNull();
  });

  it('also accepts data-bot-id', async () => {
    const fetchMock = await loadScript({ 'data-bot-id': 'b 1' }, async () => Response.json(bot));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${ORIGIN}/api/widget/webchats/b%201`);
  });

  it('mounts nothing when the bot does not exist', async () => {
    await loadScript({ 'data-webchat-id': 'gone' }, async () => new Response('{}', { status: 404 }));
    expect(document.querySelector('[data-switchboard-widget]')).toBeNull();
    // Tests run the dev build, where the developer gets a hint; customer pages stay silent.
    expect(console.warn).toHaveBeenCalledWith('[switchboard widget]', 'bot "gone" is not available');
  });

  it('mounts nothing when the server cannot be reached', async () => {
    await loadScript({ 'data-webchat-id': 'demo' }, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(document.querySelector('[data-switchboard-widget]')).toBeNull();
  });

  it("opens on 'This chat is not enabled on this site' when the bot's allowed sites leave the page out, and sends nothing", async () => {
    const fetchMock = await loadScript({ 'data-webchat-id': 'demo' }, async () =>
      Response.json({ error: 'This chat is not enabled on this site' }, { status: 403 }),
    );
    const shadow = document.querySelector('[data-switchboard-widget]')?.shadowRoot;
    (shadow!.querySelector('.launcher') as HTMLButtonElement).click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shadow?.querySelector('[role="status"]')?.textContent).toBe('This chat is not enabled on this site');
    const input = shadow!.querySelector('textarea')!;
    input.value = 'Hello?';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((shadow!.querySelector('button.send') as HTMLButtonElement).disabled).toBe(true);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(shadow?.querySelector('[role="log"]')?.textContent).toBe('');
  });
});
