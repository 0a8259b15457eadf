/**
 * What Twilio's webhooks and status callbacks post: a form (VOICE.md §1.6). Any other body is
 * refused before it is parsed (a JSON body's numbers, nulls and objects used to reach the
 * signature check and answer 500, issue 18), and the parsed form keeps string fields only.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, invalidField } from '../core/AppError.js';
import { TWILIO_SIGNATURE_HEADER } from '../twilio/signature.js';

export const INVALID_SIGNATURE = "This request is not signed by Twilio for the called number's account";

/** Twilio's form posts are small; this leaves room for every optional parameter it may add. */
export const WEBHOOK_BODY_LIMIT = 32 * 1024;

export type FormBody = Record<string, string | string[] | undefined>;

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** onRequest hook: 415 for anything but a form post. */
export function requireFormBody(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  done(
    type === FORM_TYPE
      ? undefined
      : new AppError('unsupported_media_type', `Twilio webhooks are form posts: Content-Type must be ${FORM_TYPE}`),
  );
}

/** The parsed form: each field a string, or a list of them when repeated; anything else is dropped. */
export function formBody(body: unknown): FormBody {
  const form: FormBody = {};
  if (body === null || typeof body !== 'object') return form;
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string') form[name] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) form[name] = value as string[];
  }
  return form;
}

/** The field as Twilio sends it (the first value of a repeated one), or a 400 naming it. */
export function formField(body: FormBody, name: string): string {
  const value = body[name];
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || text.trim() === '') throw invalidField(name, 'required');
  return text;
}

/** A webhook's form, its signature (403 without one) and the URL exactly as Twilio requested it, which the signature covers. */
export function signedForm(
  request: FastifyRequest,
  publicUrl: string,
): { body: FormBody; signature: string; url: string } {
  const body = formBody(request.body);
  const signature = request.headers[TWILIO_SIGNATURE_HEADER];
  if (typeof signature !== 'string' || signature === '') throw forbidden(INVALID_SIGNATURE);
  // This server's public origin and the raw path + query.
  return { body, signature, url: `${new URL(publicUrl).origin}${request.url}` };
}

/** The route options of every Twilio webhook: public (the signature is the check), small, and form posts only. */
export const WEBHOOK_ROUTE = {
  config: { auth: 'public' as const },
  bodyLimit: WEBHOOK_BODY_LIMIT,
  onRequest: requireFormBody,
};
