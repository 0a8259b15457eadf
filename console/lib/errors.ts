/**
 * Which text to show for a failed call. Part 2 §8 says "server error text is preferred": the
 * server's own words when its answer carried some, otherwise the screen's fixed fallback
 * ('Failed to save account settings', …). Status-table texts are not used here on purpose: the
 * fallback of each screen is more specific than 'Bad request - please check your input data'.
 */
import { ApiError } from '../../shared/api/index.js';
import { errorTextFromBody } from '../../shared/errors.js';

/** The server's message in a failed answer, if it gave one. */
export function serverErrorText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return errorTextFromBody(error.body);
}

/** Server text when given, else the screen's fallback. */
export function errorText(error: unknown, fallback: string): string {
  return serverErrorText(error) ?? fallback;
}

/**
 * Runs a call and makes every failure an Error carrying the text to show: a thrown failure gets
 * `errorText`, an answer of `success: false` its own `error` (or the fallback when it has none).
 */
export async function callOrThrow<T>(call: () => Promise<T>, fallback: string): Promise<T> {
  let answer: T;
  try {
    answer = await call();
  } catch (error) {
    throw new Error(errorText(error, fallback));
  }
  const record = answer as { success?: unknown; error?: unknown } | null;
  if (record && typeof record === 'object' && record.success === false) {
    throw new Error(typeof record.error === 'string' && record.error ? record.error : fallback);
  }
  return answer;
}

type ListAnswer<K extends string, T> = { success: boolean; error?: string } & Record<K, T[]>;

/**
 * The list in an answer of the shape `{ success, <field>: T[], error? }`: a thrown failure gets
 * `textOf` (errorText unless the screen words it otherwise), an answer without `success` or
 * without the list its own `error` (or the fallback).
 */
export async function listOrThrow<K extends string, T>(
  call: () => Promise<ListAnswer<K, T>>,
  field: K,
  fallback: string,
  textOf: (error: unknown, fallback: string) => string = errorText,
): Promise<T[]> {
  let answer: ListAnswer<K, T> | undefined;
  try {
    answer = await call();
  } catch (error) {
    throw new Error(textOf(error, fallback));
  }
  const items = answer?.[field];
  if (!answer?.success || !Array.isArray(items)) throw new Error(answer?.error || fallback);
  return items;
}

export interface FieldError<F extends string> {
  field: F;
  /** The problem with its first letter capitalised: 'Must not be empty'. */
  problem: string;
}

/**
 * Splits a server validation text of the form `field: problem` (server/http/HttpError.ts
 * invalidField) so a form can show it under that field; null for other texts or other fields.
 */
export function fieldErrorOf<F extends string>(message: string, fields: readonly F[]): FieldError<F> | null {
  const match = /^([A-Za-z_][A-Za-z0-9_.]*): (.+)$/s.exec(message.trim());
  if (!match) return null;
  const [, name, problem] = match;
  const field = fields.find((candidate) => candidate === name);
  if (!field || problem === undefined) return null;
  return { field, problem: problem.charAt(0).toUpperCase() + problem.slice(1) };
}
