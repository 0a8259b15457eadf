import type { SuccessResponse } from '../types/api.js';
import type { Demo, IntegrationScriptResponse, Webchat, WebchatInput } from '../types/webchat.js';
import type { Request } from './request.js';
import { resourceApi } from './resourceApi.js';

/** Web chat bots and their demos (spec part 2 §7). */
export function webchatsApi(request: Request) {
  return {
    ...resourceApi<Webchat, WebchatInput, WebchatInput>(request, '/webchats', 'PUT'),
    demos: (webchatId: string) => request<Demo[]>('GET', '/webchats/get-demos', { query: { webchatId } }),
    createDemo: (webchatId: string, link: string) =>
      request<Demo>('POST', '/webchats/create-demo', { body: { link, webchatId } }),
    deleteDemo: (demoId: string) => request<SuccessResponse>('DELETE', '/webchats/delete-demo', { body: { demoId } }),
    integrationScript: (webchatId: string) =>
      request<IntegrationScriptResponse>('GET', '/webchats/integration-script', { query: { webchatId } }),
  };
}
