/**
 * The OpenAPI document lists every registered route with its method (issue 12), says who may
 * call each, and its page renders it with nothing but same-origin files under the strict CSP.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

interface Operation {
  tags?: string[];
  description?: string;
  'x-codeSamples'?: Array<{ lang: string; source: string }>;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string }>;
}
interface OpenApiDocument {
  openapi: string;
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let distDir: string;
let doc: OpenApiDocument;
const registered = new Set<string>();

function collect(route: RouteOptions): void {
  for (const method of Array.isArray(route.method) ? route.method : [route.method])
    registered.add(`${method} ${route.url}`);
}

/** A Fastify URL pattern as OpenAPI writes it: `:id` → `{id}`, `*` → `{*}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*/g, '{*}');

beforeAll(async () => {
  // A built console, so its static routes (the SPA fallback too) are registered as in production.
  distDir = await mkdtemp(path.join(tmpdir(), 'switchboard-openapi-'));
  await mkdir(path.join(distDir, 'console'), { recursive: true });
  await writeFile(path.join(distDir, 'console', 'index.html'), '<!doctype html><title>console</title>');
  t = await createTestApp({ config: { distDir }, onRoute: collect });
  await t.app.ready();
  const answer = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  doc = answer.json<OpenApiDocument>();
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('GET /api/openapi.json', () => {
  it('has every registered route with its method (HEAD routes Fastify adds for a GET go with the GET)', () => {
    const routes = [...registered].filter(
      (key) => !(key.startsWith('HEAD ') && registered.has(key.replace(/^HEAD /, 'GET '))),
    );
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((key) => {
      const [method, url] = key.split(' ') as [string, string];
      return doc.paths[openApiPath(url)]?.[method.toLowerCase()] === undefined;
    });
    expect(missing).toEqual([]);
  });

  it('says who may call a route: public, or a bearer token with the impersonation header', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/accounts/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/widget/webchats/{id}']!.get!.security).toEqual([]);
    const agents = doc.paths['/api/agents/{id}']!.patch!;
    expect(agents.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(agents.tags).toEqual(['agents']);
    expect(agents.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['path id', 'header x-impersonate-user-id']);
    expect(doc.paths['/api/accounts/admin/users']!.get!.security).toEqual([{ bearerAuth: [] }]);
  });

  it('declares API keys as a bearer scheme, on the routes that take them only (issue 22)', () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/agents']!.get!.description).toContain('API keys work here (read-only keys too)');
    expect(doc.paths['/api/agents']!.post!.description).toContain('API keys with full access work here');
    for (const [path, method] of [
      ['/api/accounts/admin/users', 'get'],
      ['/api/accounts/api-keys', 'post'],
      ['/api/accounts/change-password', 'post'],
      ['/api/accounts/settings', 'get'],
    ] as const) {
      const operation = doc.paths[path]![method]!;
      expect(operation.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
      expect(operation.description, `${method} ${path}`).toContain('API keys are refused here');
    }
    expect(doc.paths['/api/frontend']!.get!.security).toEqual([]);
  });

  it('gives every route but WebSocket upgrades and static files a curl example that signs in the way it takes', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const upgrade = operation.description?.includes('WebSocket: upgrade');
        if (!upgrade && !path.includes('{*}') && !operation['x-codeSamples']?.[0]?.source.startsWith('curl ')) {
          missing.push(`${method} ${path}`);
        }
      }
    }
    expect(missing).toEqual([]);
    const curl = (path: string, method: 'get' | 'post' | 'delete') =>
      doc.paths[path]![method]!['x-codeSamples']![0]!.source;
    expect(curl('/api/twilio/make-call', 'post')).toBe(
      [
        'curl -X POST "$SWITCHBOARD_URL/api/twilio/make-call"',
        '-H "Authorization: Bearer $SWITCHBOARD_API_KEY"',
        '-H "Content-Type: application/json"',
        `-d '{"phoneNumber":"<phoneNumber>","agentId":"<agentId>"}'`,
      ].join(' \\\n  '),
    );
    expect(curl('/api/agents/{id}', 'delete')).toBe(
      'curl -X DELETE "$SWITCHBOARD_URL/api/agents/<id>" \\\n  -H "Authorization: Bearer $SWITCHBOARD_API_KEY"',
    );
    expect(curl('/api/accounts/admin/users', 'get')).toContain('$SWITCHBOARD_ACCESS_TOKEN');
    expect(curl('/api/health', 'get')).toBe('curl -X GET "$SWITCHBOARD_URL/api/health"');
  });

  it('describes request bodies from the route schemas', () => {
    const body = (
      doc.paths['/api/accounts/login']!.post as { requestBody?: { content: Record<string, { schema: unknown }> } }
    ).requestBody;
    expect(body?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      required: ['username', 'password'],
    });
  });
});

describe('GET /api/docs', () => {
  it('is a page with no inline script or style, under the same strict CSP, that lists every operation', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=/i);
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/page.js' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/page.css' })).headers['content-type']).toMatch(
      /^text\/css/,
    );

    const window = new Window({ url: 'http://127.0.0.1/api/docs' });
    window.document.write(page.body.replace(/<script[^>]*><\/script>/g, ''));
    const fetchDoc = async (url: string) => {
      const answer = await t.app.inject({ method: 'GET', url });
      return { ok: answer.statusCode === 200, status: answer.statusCode, json: async () => answer.json() };
    };
    Object.assign(window, { fetch: fetchDoc });
    window.eval(script.body);
    await window.happyDOM.waitUntilComplete();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(window.document.querySelectorAll('details.operation').length).toBe(operations);
    expect(window.document.getElementById('patch /api/agents/{id}')?.textContent).toContain('signed in');
    expect(window.document.getElementById('post /api/accounts/login')?.textContent).toContain('public');
    const agents = window.document.getElementById('post /api/agents');
    expect(agents?.querySelector('.who')?.textContent).toBe('signed in or API key');
    expect(agents?.querySelector('pre.curl')?.textContent).toContain(
      'curl -X POST "$SWITCHBOARD_URL/api/agents" \\\n  -H "Authorization: Bearer $SWITCHBOARD_API_KEY"',
    );
    await window.happyDOM.close();
  });
});
