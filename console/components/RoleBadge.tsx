import { Badge } from '@radix-ui/themes';
import type { Role } from '../../shared/types/user.js';

/** Role colors (part 2 §6): superadmin error red, admin warning amber, user primary. */
export function RoleBadge({ role }: { role: Role }) {
  const color = role === 'superadmin' ? 'red' : role === 'admin' ? 'amber' : undefined;
  return (
    <Badge color={color} variant="soft">
      {role}
    </Badge>
  );
}
