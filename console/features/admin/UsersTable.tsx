import { Badge, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { formatDateTime } from '../../../shared/format.js';
import type { AuthUser, User } from '../../../shared/types/user.js';
import { RoleBadge } from '../../components/RoleBadge.js';
import { UserActions, type UserActionsProps } from './UserActions.js';
import '../../components/stackTable.css';
import './admin.css';

export interface UsersTableProps extends Omit<UserActionsProps, 'user' | 'actor'> {
  users: User[];
  actor: AuthUser;
}

/**
 * Columns Username, Email, Role, Created At, Actions (part 2 §2 "Admin dashboard"). Below 600 px
 * each row is drawn as a small card with its actions on their own line (admin.css; issue 7,
 * finding 15). The explicit roles keep it a table for screen readers whatever CSS does to it.
 */
export function UsersTable({ users, actor, ...actions }: UsersTableProps) {
  return (
    <Table.Root variant="surface" className="sb-phone-cards sb-users-table">
      <VisuallyHidden asChild>
        <caption>Users</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row role="row">
          <Table.ColumnHeaderCell role="columnheader">Username</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell role="columnheader">Email</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell role="columnheader">Role</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell role="columnheader">Created At</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell role="columnheader">Actions</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {users.map((user) => (
          <Table.Row key={user.id} align="center" role="row">
            <Table.RowHeaderCell role="rowheader" className="sb-user-name">
              <Flex align="center" gap="2" wrap="wrap">
                <Text weight="medium" className="sb-break-anywhere">
                  {user.username}
                </Text>
                {user.id === actor.id ? (
                  <Badge color="green" variant="soft">
                    You
                  </Badge>
                ) : null}
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell role="cell" className="sb-user-email">
              <span className="sb-break-anywhere">{user.email ?? ''}</span>
            </Table.Cell>
            <Table.Cell role="cell" className="sb-user-role">
              <RoleBadge role={user.role} />
            </Table.Cell>
            <Table.Cell role="cell" className="sb-user-created">
              <Text wrap="nowrap">{formatDateTime(user.created_at)}</Text>
            </Table.Cell>
            <Table.Cell role="cell" className="sb-user-actions">
              <UserActions user={user} actor={actor} {...actions} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
