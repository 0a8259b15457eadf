/**
 * NUL (U+0000) is refused in every path parameter, query value and JSON body string, with a 400
 * naming the field (issue 18). PostgreSQL's text type cannot hold it and fails the whole statement,
 * so an id like `%00` answered 500 on every route that looked it up, and a prompt or a description
 * holding one failed to save; no id, name or text of this product has a use for it. One check here
 * rather than one per route and field. (Crawled pages, which do hold NUL at times, lose it where
 * they are read: crawl/extractPage.ts.)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { invalidField } from '../core/AppError.js';

const NUL = '\u0000';
/** The words of the name rule (shared/unsafeCharacters.ts) for the same character. */
const NUL_PROBLEM = 'must not contain control characters (U+0000)';

/** The dotted path of the first string holding NUL inside `value` (an object key counts), or null. */
export function fieldWithNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path === '' ? key : `${path}.${key}`;
    if (key.includes(NUL)) return itemPath;
    const found = fieldWithNul(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}

/** The 400 for a JSON body holding NUL, or null. `text` is the body as sent: NUL can only be written `\u0000` in JSON. */
export function nulInJsonBody(text: string, parsed: unknown): Error | null {
  if (!text.includes('\\u0000')) return null;
  const field = fieldWithNul(parsed);
  return field === null ? null : invalidField(field === '' ? 'body' : field, NUL_PROBLEM);
}

/** Path parameters and query values: only a URL holding `%00` can carry NUL (the HTTP parser refuses a raw one). */
function refuseNulInUrl(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (!request.url.includes('%00')) {
    done();
    return;
  }
  const field = parameterWithNul(request.params) ?? parameterWithNul(request.query);
  done(field === null ? undefined : invalidField(field, NUL_PROBLEM));
}

/** The name of the first parameter (a string, or strings for a repeated name) holding NUL. */
function parameterWithNul(parameters: unknown): string | null {
  if (parameters === null || typeof parameters !== 'object') return null;
  for (const [name, value] of Object.entries(parameters)) {
    if (name.includes(NUL) || fieldWithNul(value) !== null) return name;
  }
  return null;
}

export function registerNulGuard(app: FastifyInstance): void {
  // Before schema validation, so the answer names the problem rather than a pattern.
  app.addHook('preValidation', refuseNulInUrl);
}
