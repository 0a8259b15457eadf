import type { CustomValuesResponse, SuccessResponse } from '../types/api.js';
import type { CustomValue, Tool, ToolInput, ToolTestResult } from '../types/tool.js';
import type { Request } from './request.js';
import { resourceApi } from './resourceApi.js';

const enc = encodeURIComponent;

/** Tools and custom values (spec part 2 §7). */
export function toolsApi(request: Request) {
  return {
    ...resourceApi<Tool, ToolInput, Partial<ToolInput>>(request, '/tools', 'PATCH'),
    test: (id: string, args: unknown) => request<ToolTestResult>('POST', `/tools/${enc(id)}/test`, { body: { args } }),
  };
}

export function customValuesApi(request: Request) {
  return {
    list: () => request<CustomValuesResponse>('GET', '/custom-values'),
    save: (value: CustomValue) => request<SuccessResponse>('POST', '/custom-values', { body: value }),
    remove: (name: string) => request<SuccessResponse>('DELETE', `/custom-values/${enc(name)}`),
  };
}
