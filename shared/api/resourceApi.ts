import type { SuccessResponse } from '../types/api.js';
import type { Request } from './request.js';

/** A resource's five calls under `path` (list, get, create, update, remove); bots replace with PUT, the rest PATCH. */
export function resourceApi<Item, Create, Update>(request: Request, path: string, updateMethod: 'PATCH' | 'PUT') {
  const at = (id: string) => `${path}/${encodeURIComponent(id)}`;
  return {
    list: () => request<Item[]>('GET', path),
    get: (id: string) => request<Item>('GET', at(id)),
    create: (body: Create) => request<Item>('POST', path, { body }),
    update: (id: string, body: Update) => request<Item>(updateMethod, at(id), { body }),
    remove: (id: string) => request<SuccessResponse>('DELETE', at(id)),
  };
}
