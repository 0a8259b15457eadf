/**
 * The JSON body parser of every route. Clients often send `Content-Type: application/json` with no
 * body on POSTs like logout: that is "no body", not malformed JSON. A body nested deeper than
 * MAX_JSON_DEPTH is refused before JSON.parse by a linear scan (issue 7, finding 1): 1,000 levels
 * used to reach JSON.stringify and Ajv's recursion and answer 500. Everything else goes through
 * Fastify's own (prototype-safe) parser; a string holding NUL is then refused (nulCharacters.ts).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/AppError.js';
import { nulInJsonBody } from './nulCharacters.js';

/** Arrays and objects inside one another; a tool's parameters schema at its deepest uses about 70. */
export const MAX_JSON_DEPTH = 128;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** True when JSON text nests arrays and objects more than `limit` deep (strings are skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) depth -= 1;
  }
  return false;
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        new AppError('invalid_json', `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`),
        undefined,
      );
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error) done(error, undefined);
      else done(nulInJsonBody(text, parsed), parsed);
    });
  });
}
