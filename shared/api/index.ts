export { ApiError, isApiError } from './ApiError.js';
export { type ApiClient, createApiClient } from './createApiClient.js';
export type { HistoryExportQuery } from './history.js';
export type { ApiClientOptions, Request, RequestOptions, StreamRequest, TokenAccess } from './request.js';
