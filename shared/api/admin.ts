import type {
  CreateUserRequest,
  SuccessResponse,
  UpdateUserRequest,
  UserResponse,
  UsersResponse,
} from '../types/api.js';
import type { ModelPrice, ModelPricesResponse } from '../types/pricing.js';
import type { Request } from './request.js';

/** A price row as an admin sends it: the server stamps `updatedAt`. */
export type ModelPriceInput = Omit<ModelPrice, 'updatedAt'>;

/** Admin user management (spec part 2 §7) and the price table (issue 21). */
export function adminApi(request: Request) {
  return {
    listUsers: () => request<UsersResponse>('GET', '/accounts/admin/users'),
    createUser: (body: CreateUserRequest) => request<UserResponse>('POST', '/accounts/admin/users', { body }),
    updateUser: (id: string, body: UpdateUserRequest) =>
      request<UserResponse>('PUT', `/accounts/admin/users/${encodeURIComponent(id)}`, { body }),
    deleteUser: (id: string) => request<SuccessResponse>('DELETE', `/accounts/admin/users/${encodeURIComponent(id)}`),
    listPrices: () => request<ModelPricesResponse>('GET', '/accounts/admin/prices'),
    savePrice: (body: ModelPriceInput) => request<ModelPricesResponse>('PUT', '/accounts/admin/prices', { body }),
    deletePrice: (model: string, effectiveFrom: number) =>
      request<SuccessResponse>('DELETE', '/accounts/admin/prices', { query: { model, effectiveFrom } }),
  };
}
