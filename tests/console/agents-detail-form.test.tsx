import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsUser, type renderConsole } from '../helpers/consoleRender.js';
import { choose, detailRoutes, makeAgent, openAgentDetail as openAgent, SALES, SUPPORT } from './agents-fixtures.js';

type App = ReturnType<typeof renderConsole>;

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

async function retype(app: App, label: string, text: string) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  await app.user.clear(input);
  if (text) await app.user.type(input, text);
  await app.user.tab();
  return input;
}

describe('agent detail form', () => {
  it('shows the six sections and the loaded values', async () => {
    await openAgent(SUPPORT);
    for (const name of [
      'Basic Information',
      'Instructions & System Message',
      'Tools & Behavior',
      'Transcription Settings',
      'Advanced Settings',
      'Turn Detection',
    ]) {
      expect(section(name)).toBeTruthy();
    }
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Support Bot');
    expect(screen.getByRole('combobox', { name: 'Voice' }).textContent).toBe('coral');
    expect(screen.getByRole('combobox', { name: 'Phone Number' }).textContent).toBe('+1 (415) 555-0100');
    expect((screen.getByLabelText('Instructions') as HTMLTextAreaElement).value).toBe('Be kind.');
    expect(
      (screen.getByRole('switch', { name: 'Agent speaks first' }) as HTMLButtonElement).getAttribute('aria-checked'),
    ).toBe('true');
    expect((screen.getByLabelText('Transcription Language') as HTMLInputElement).placeholder).toBe('e.g. en, es, fr');
  });

  it('lists the agent tools with links to /tools/{id} and offers every tool of the user', async () => {
    const app = await openAgent(SUPPORT);
    const tools = section('Tools & Behavior');
    const list = within(tools).getByRole('list', { name: 'Agent tools' });
    expect(within(list).getByRole('link', { name: 'lookup_order' }).getAttribute('href')).toBe('/tools/t1');
    expect(within(list).getByRole('link', { name: 'refund' }).getAttribute('href')).toBe('/tools/t2');
    const weather = await within(tools).findByRole('checkbox', { name: 'weather' });
    expect(weather.getAttribute('aria-checked')).toBe('false');
    expect(within(tools).getByRole('checkbox', { name: 'refund' }).getAttribute('aria-checked')).toBe('true');
    await app.user.click(weather);
    expect(within(list).getByRole('link', { name: 'weather' })).toBeTruthy();
  });

  it('shows prefix padding, silence and threshold for server_vad and eagerness for semantic_vad', async () => {
    const app = await openAgent();
    expect(screen.getByRole('combobox', { name: 'Turn Detection Type' }).textContent).toBe('server_vad');
    expect(screen.getByLabelText('Prefix Padding (ms)')).toBeTruthy();
    expect(screen.getByLabelText('Silence Duration (ms)')).toBeTruthy();
    expect(screen.getByLabelText('Threshold')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Eagerness' })).toBeNull();

    await choose(app, 'Turn Detection Type', 'semantic_vad');
    expect(screen.getByRole('combobox', { name: 'Eagerness' }).textContent).toBe('medium');
    expect(screen.queryByLabelText('Prefix Padding (ms)')).toBeNull();
    expect(screen.queryByLabelText('Silence Duration (ms)')).toBeNull();
    expect(screen.queryByLabelText('Threshold')).toBeNull();
  });

  it('shows max response output tokens only while the limit switch is on', async () => {
    const app = await openAgent();
    expect(screen.queryByLabelText('Max Response Output Tokens')).toBeNull();
    await app.user.click(screen.getByRole('switch', { name: 'Limit response tokens' }));
    expect((screen.getByLabelText('Max Response Output Tokens') as HTMLInputElement).value).toBe('2048');
    await app.user.click(screen.getByRole('switch', { name: 'Limit response tokens' }));
    expect(screen.queryByLabelText('Max Response Output Tokens')).toBeNull();
  });

  it('resets invalid temperature and token numbers on blur to the spec defaults', async () => {
    const app = await openAgent();
    expect((await retype(app, 'Temperature', '1.5')).value).toBe('0.8');
    expect((await retype(app, 'Temperature', '')).value).toBe('0.8');
    expect((await retype(app, 'Temperature', '1.1')).value).toBe('1.1');
    await app.user.click(screen.getByRole('switch', { name: 'Limit response tokens' }));
    expect((await retype(app, 'Max Response Output Tokens', '0')).value).toBe('2048');
    expect((await retype(app, 'Max Response Output Tokens', '4097')).value).toBe('2048');
    expect((await retype(app, 'Max Response Output Tokens', '12.5')).value).toBe('2048');
    expect((await retype(app, 'Max Response Output Tokens', '4096')).value).toBe('4096');
  });

  // Split from the test above: thirteen retypes in one test outlasted its timeout on a loaded machine.
  it('resets invalid turn-detection numbers on blur to the spec defaults', async () => {
    const app = await openAgent();
    expect((await retype(app, 'Prefix Padding (ms)', '-1')).value).toBe('300');
    expect((await retype(app, 'Prefix Padding (ms)', '0')).value).toBe('0');
    expect((await retype(app, 'Silence Duration (ms)', 'abc')).value).toBe('500');
    expect((await retype(app, 'Threshold', '2')).value).toBe('0.5');
    expect((await retype(app, 'Threshold', '0.9')).value).toBe('0.9');
  });

  it('offers every enumeration value from shared/defaults in the selects', async () => {
    const app = await openAgent();
    await app.user.click(screen.getByRole('combobox', { name: 'Voice' }));
    const voices = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(voices).toEqual(['alloy', 'ash', 'ballad', 'coral', 'echo', 'sage', 'shimmer', 'verse']);
    await app.user.keyboard('{Escape}');
    await app.user.click(screen.getByRole('combobox', { name: 'Model' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '4o-mini',
      '4o-preview',
      '4o-realtime',
    ]);
  });

  it("says 'Agent not found' for an unknown agent, with the way back", async () => {
    const missing = makeAgent({ id: 'nope', name: 'x' });
    renderAsUser('/agents/nope', { ...detailRoutes(missing), 'GET /agents/nope': { status: 404 } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to agents' }).getAttribute('href')).toBe('/agents');
  });

  it("says 'Failed to fetch agent details' when the agent cannot be loaded", async () => {
    renderAsUser('/agents/a2', { ...detailRoutes(SALES), 'GET /agents/a2': { status: 500 } });
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toBe(
      'Failed to fetch agent details',
    );
  });
});
