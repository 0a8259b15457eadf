import type {
  CreateUserRequest,
  SuccessResponse,
  UpdateUserRequest,
  UserResponse,
  UsersResponse,
} from '../types/api.js';
import type { Request } from './request.js';

/** Admin user management (spec part 2 §7). */
export function adminApi(request: Request) {
  return {
    listUsers: () => request<UsersResponse>('GET', '/accounts/admin/users'),
    createUser: (body: CreateUserRequest) => request<UserResponse>('POST', '/accounts/admin/users', { body }),
    updateUser: (id: string, body: UpdateUserRequest) =>
      request<UserResponse>('PUT', `/accounts/admin/users/${encodeURIComponent(id)}`, { body }),
    deleteUser: (id: string) => request<SuccessResponse>('DELETE', `/accounts/admin/users/${encodeURIComponent(id)}`),
  };
}
