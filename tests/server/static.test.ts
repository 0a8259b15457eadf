import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

let built: TestApp;
let unbuilt: TestApp;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'switchboard-dist-'));
  const files: Record<string, string> = {
    'dist/console/index.html': '<!doctype html><title>Switchboard console</title><div id="root"></div>',
    'dist/console/assets/index-3f9a1c.js': 'console.log("app")',
    'dist/console/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'dist/widget/widget.js': '(function(){})()',
    'dist/widget/widget.mjs': 'export function mountChatWidget() {}',
    'dist/widget/widget.d.ts': 'export declare function mountChatWidget(): void;',
    'examples/index.html': '<!doctype html><title>Example shop</title>',
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  built = await createTestApp({
    config: { distDir: path.join(root, 'dist'), examplesDir: path.join(root, 'examples') },
  });
  unbuilt = await createTestApp();
});
afterAll(async () => {
  await built.close();
  await unbuilt.close();
  await rm(root, { recursive: true, force: true });
});

const page = (t: TestApp, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

describe('built console', () => {
  it('serves index.html at / and for client-side routes, never cached', async () => {
    for (const url of ['/', '/agents', '/sessions/MZ123', '/tools/abc/code']) {
      const response = await page(built, url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Switchboard console');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('answers a missing asset or an unknown API path with a 404, not the page', async () => {
    expect((await built.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await page(built, '/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'not_found' });
  });

  it('serves the widget for customer pages on other origins', async () => {
    for (const [file, type] of [
      ['widget.js', /javascript/],
      ['widget.mjs', /javascript/],
      ['widget.d.ts', /./],
    ] as const) {
      const response = await built.app.inject({ method: 'GET', url: `/${file}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(type);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('serves the examples', async () => {
    const response = await page(built, '/examples/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Example shop');
  });
});

describe('without a build', () => {
  it('answers pages and the widget with a 503 that says to run npm run build', async () => {
    const home = await page(unbuilt, '/');
    expect(home.statusCode).toBe(503);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.body).toContain('npm run build');
    const widget = await unbuilt.app.inject({ method: 'GET', url: '/widget.js' });
    expect(widget.statusCode).toBe(503);
    expect(widget.body).toContain('npm run build');
  });

  it('keeps the API working', async () => {
    expect((await unbuilt.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
