import type { CustomValuesResponse, SuccessResponse } from '../types/api.js';
import type { CustomValue, Tool, ToolInput, ToolTestResult } from '../types/tool.js';
import type { Request } from './request.js';

const enc = encodeURIComponent;

/** Tools and custom values (spec part 2 §7). */
export function toolsApi(request: Request) {
  return {
    list: () => request<Tool[]>('GET', '/tools'),
    get: (id: string) => request<Tool>('GET', `/tools/${enc(id)}`),
    create: (body: ToolInput) => request<Tool>('POST', '/tools', { body }),
    update: (id: string, patch: Partial<ToolInput>) => request<Tool>('PATCH', `/tools/${enc(id)}`, { body: patch }),
    remove: (id: string) => request<SuccessResponse>('DELETE', `/tools/${enc(id)}`),
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
