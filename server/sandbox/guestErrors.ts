import { SANDBOX_MESSAGES } from './messages.js';

/** A call that ended without a result: the text shown to the handler's author, and whether the worker should be replaced. */
export class GuestFailure extends Error {
  constructor(
    message: string,
    readonly recycle = false,
  ) {
    super(message);
  }
}

const MAX_ERROR_CHARS = 2000;

/**
 * Turns an error text the guest's `describe` produced into what the author sees. QuickJS reports
 * its own limits as InternalError; after running out of memory or stack the worker is replaced
 * so no damaged engine state carries over to the next call.
 */
export function classifyGuestError(text: string | null, memoryLimitBytes: number): GuestFailure {
  if (text === null) return new GuestFailure('Handler failed with an error that could not be read', true);
  if (/^InternalError: out of memory/.test(text))
    return new GuestFailure(SANDBOX_MESSAGES.outOfMemory(memoryLimitBytes), true);
  if (/^(InternalError|RangeError): (stack overflow|Maximum call stack size exceeded)/.test(text)) {
    return new GuestFailure(SANDBOX_MESSAGES.stackOverflow, true);
  }
  return new GuestFailure(text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text);
}
