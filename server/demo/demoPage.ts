/**
 * The public demo page (ARCHITECTURE.md "Demo links"): the demo link's site full-window in a
 * frame with the bot's widget over it, or, when the site refuses to be framed, a neutral backdrop
 * naming the site with a link to it. No inline script or style: the page's CSP allows only this
 * server's stylesheet and /widget.js, and frames only from the site's origins.
 */
import { escapeHtml } from '../core/html.js';
import type { FramingVerdict } from './framingProbe.js';

export const DEMO_STYLESHEET_PATH = '/demo/page.css';

export interface RenderedPage {
  html: string;
  csp: string;
}

/** The page's policy; `frameOrigins` empty means no frame at all. */
export function demoPagePolicy(frameOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: https:",
    "connect-src 'self'",
    `frame-src ${frameOrigins.length > 0 ? frameOrigins.join(' ') : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
    // Nothing frames a demo page: this server's pages are never framed (issue 18).
    "frame-ancestors 'none'",
  ].join('; ');
}

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title><link rel="stylesheet" href="${DEMO_STYLESHEET_PATH}">` +
    `</head><body class="sb-demo">${body}</body></html>`
  );
}

export interface DemoPageInput {
  botName: string;
  webchatId: string;
  link: string;
  verdict: FramingVerdict;
}

export function renderDemoPage({ botName, webchatId, link, verdict }: DemoPageInput): RenderedPage {
  const host = new URL(link).host;
  const site = verdict.frameable
    ? // No allow-top-navigation: a framed site's frame-busting script can't take the visitor away.
      `<iframe class="sb-demo-site" src="${escapeHtml(link)}" title="${escapeHtml(host)}" ` +
      'sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox" ' +
      'referrerpolicy="no-referrer"></iframe>'
    : '<main class="sb-demo-backdrop"><div class="sb-demo-card">' +
      `<p class="sb-demo-eyebrow">Demo of ${escapeHtml(botName)}</p>` +
      `<h1>${escapeHtml(host)}</h1>` +
      '<p>This site does not allow other pages to show it inside a frame, so the demo shows the bot on its own. ' +
      'Open the chat with the button at the bottom right.</p>' +
      `<p><a href="${escapeHtml(link)}" target="_blank" rel="noopener noreferrer">Open ${escapeHtml(host)} in a new tab</a></p>` +
      '</div></main>';
  const widget = `<script src="/widget.js" data-webchat-id="${escapeHtml(webchatId)}" defer></script>`;
  return {
    html: page(`${botName} — demo on ${host}`, site + widget),
    csp: demoPagePolicy(verdict.frameable ? verdict.origins : []),
  };
}

/** The page for a demo that can't be shown: unknown (or its bot deleted), or its bot inactive. */
export function renderDemoUnavailable(reason: 'not_found' | 'inactive'): RenderedPage {
  const [title, text] =
    reason === 'inactive'
      ? [
          'This bot is inactive',
          "The bot of this demo is switched off at the moment. Its owner can switch it back on in Switchboard's Web Chats.",
        ]
      : [
          'Demo not found',
          'This demo link does not exist. It may have been deleted, or the bot it showed was deleted.',
        ];
  const body = `<main class="sb-demo-backdrop"><div class="sb-demo-card"><h1>${title}</h1><p>${text}</p></div></main>`;
  return { html: page(title, body), csp: demoPagePolicy([]) };
}
