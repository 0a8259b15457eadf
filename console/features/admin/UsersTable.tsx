import { Badge, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { formatDateTime } from '../../../shared/format.js';
import type { AuthUser, User } from '../../../shared/types/user.js';
import { RoleBadge } from '../../components/RoleBadge.js';
import { UserActions, type UserActionsProps } from './UserActions.js';

export interface UsersTableProps extends Omit<UserActionsProps, 'user' | 'actor'> {
  users: User[];
  actor: AuthUser;
}

/** Columns Username, Email, Role, Created At, Actions (part 2 §2 "Admin dashboard"). */
export function UsersTable({ users, actor, ...actions }: UsersTableProps) {
  return (
    <Table.Root variant="surface">
      <VisuallyHidden asChild>
        <caption>Users</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Username</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Created At</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {users.map((user) => (
          <Table.Row key={user.id} align="center">
            <Table.RowHeaderCell>
              <Flex align="center" gap="2">
                <Text weight="medium">{user.username}</Text>
                {user.id === actor.id ? (
                  <Badge color="green" variant="soft">
                    You
                  </Badge>
                ) : null}
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell>{user.email ?? ''}</Table.Cell>
            <Table.Cell>
              <RoleBadge role={user.role} />
            </Table.Cell>
            <Table.Cell>
              <Text wrap="nowrap">{formatDateTime(user.created_at)}</Text>
            </Table.Cell>
            <Table.Cell>
              <UserActions user={user} actor={actor} {...actions} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
