import { Button, Flex } from '@radix-ui/themes';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { User } from '../../../shared/types/user.js';
import { MountWhenOpened } from '../../app/MountWhenOpened.js';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { PlusIcon } from '../../components/icons.js';
import { LoadingState } from '../../components/LoadingState.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useAuth } from '../../lib/session/useAuth.js';
import { ADMIN_TEXTS, useAdminUsers } from './api.js';
import { LazyCreateUserDialog, LazyDeleteUserDialog, LazyEditUserDialog } from './lazyDialogs.js';
import { UsersTable } from './UsersTable.js';

/** Admin dashboard (/admin, spec part 2 §2, §6). */
export function AdminPage() {
  const { user: actor, startImpersonation } = useAuth();
  useDocumentTitle('Admin');
  const navigate = useNavigate();
  const users = useAdminUsers();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  if (!actor) return null;

  const impersonate = (target: User) => {
    startImpersonation({ id: target.id, username: target.username, role: target.role, email: target.email });
    // Not `/`: the root sends admins back here, and the point is to see the product as them.
    navigate('/agents');
  };

  const loadError = users.error ? (users.error instanceof Error ? users.error.message : ADMIN_TEXTS.fetchFailed) : null;
  let body: ReactNode;
  if (loadError && !users.data) body = <ErrorCallout>{loadError}</ErrorCallout>;
  else if (!users.data) body = <LoadingState label="Loading users..." />;
  else if (users.data.length === 0)
    body = <EmptyState title="No users found" description="Create the first user with the Create User button." />;
  else
    body = (
      <UsersTable
        users={users.data}
        actor={actor}
        onImpersonate={impersonate}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
    );

  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title="Admin Dashboard"
        intro={`Welcome, ${actor.username}`}
        refresh={{ label: 'Refresh', busy: users.isValidating, onClick: () => void users.mutate() }}
        actions={
          <>
            {/* The price table calls and chat answers are priced with (issue 21). */}
            <Button asChild variant="soft">
              <RouterLink to="/admin/prices">Model Prices</RouterLink>
            </Button>
            <Button {...LazyCreateUserDialog.opener} onClick={() => setCreating(true)}>
              <PlusIcon /> Create User
            </Button>
          </>
        }
      />
      {/* A failed refresh keeps the last list on screen, with the error above it. */}
      {loadError && users.data ? <ErrorCallout>{loadError}</ErrorCallout> : null}
      {body}
      <MountWhenOpened open={creating}>
        <LazyCreateUserDialog.Component open={creating} onOpenChange={setCreating} />
      </MountWhenOpened>
      <MountWhenOpened open={editing !== null}>
        <LazyEditUserDialog.Component user={editing} onClose={() => setEditing(null)} />
      </MountWhenOpened>
      <MountWhenOpened open={deleting !== null}>
        <LazyDeleteUserDialog.Component user={deleting} onClose={() => setDeleting(null)} />
      </MountWhenOpened>
    </Flex>
  );
}
