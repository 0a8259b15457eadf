/**
 * Why an uploaded document gives no text (issue 24), by kind: too large (the file, its pages, or
 * what its zip unpacks to), not a kind we read, no text in it (a scan), or unreadable (malformed,
 * or its reading ran out of time or memory). Crosses the worker boundary as `{ reason, message }`.
 */
export type DocumentRefusalReason = 'too_large' | 'unsupported' | 'no_text' | 'unreadable';

export interface DocumentRefusalFields {
  reason: DocumentRefusalReason;
  message: string;
}

export class DocumentRefusal extends Error {
  override readonly name = 'DocumentRefusal';

  constructor(
    readonly reason: DocumentRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

export function isDocumentRefusalFields(value: unknown): value is DocumentRefusalFields {
  if (value === null || typeof value !== 'object') return false;
  const { reason, message } = value as Record<string, unknown>;
  return (
    typeof message === 'string' &&
    (reason === 'too_large' || reason === 'unsupported' || reason === 'no_text' || reason === 'unreadable')
  );
}
