/**
 * The API's error answer, asserted whole: this status and exactly `{ success: false, error, code }`
 * (plus `details` where the route names a field). One place for the shape every route shares.
 */
import { expect } from 'vitest';
import type { ErrorCode } from '../../shared/errors.js';

export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  details?: Record<string, unknown>;
}

export function expectApiError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  body: ApiErrorBody,
): void {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ success: false, ...body });
}
