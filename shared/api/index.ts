export { createApiClient, type ApiClient } from './createApiClient.js';
export { ApiError, isApiError } from './ApiError.js';
export type { ApiClientOptions, Request, RequestOptions, StreamRequest, TokenAccess } from './request.js';
export type { HistoryExportQuery } from './history.js';
