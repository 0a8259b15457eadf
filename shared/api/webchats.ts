import type { SuccessResponse } from '../types/api.js';
import type { Demo, IntegrationScriptResponse, Webchat, WebchatInput } from '../types/webchat.js';
import type { Request } from './request.js';

const enc = encodeURIComponent;

/** Web chat bots and their demos (spec part 2 §7). */
export function webchatsApi(request: Request) {
  return {
    list: () => request<Webchat[]>('GET', '/webchats'),
    get: (id: string) => request<Webchat>('GET', `/webchats/${enc(id)}`),
    create: (body: WebchatInput) => request<Webchat>('POST', '/webchats', { body }),
    update: (id: string, body: WebchatInput) => request<Webchat>('PUT', `/webchats/${enc(id)}`, { body }),
    remove: (id: string) => request<SuccessResponse>('DELETE', `/webchats/${enc(id)}`),
    demos: (webchatId: string) => request<Demo[]>('GET', '/webchats/get-demos', { query: { webchatId } }),
    createDemo: (webchatId: string, link: string) =>
      request<Demo>('POST', '/webchats/create-demo', { body: { link, webchatId } }),
    deleteDemo: (demoId: string) => request<SuccessResponse>('DELETE', '/webchats/delete-demo', { body: { demoId } }),
    integrationScript: (webchatId: string) =>
      request<IntegrationScriptResponse>('GET', '/webchats/integration-script', { query: { webchatId } }),
  };
}
