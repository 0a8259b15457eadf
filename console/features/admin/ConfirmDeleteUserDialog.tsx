import { useEffect, useState } from 'react';
import type { User } from '../../../shared/types/user.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useToast } from '../../components/ToastProvider.js';
import { useAdminActions } from './api.js';

export interface ConfirmDeleteUserDialogProps {
  /** The user to delete; null keeps the dialog closed. */
  user: User | null;
  onClose: () => void;
}

export function ConfirmDeleteUserDialog({ user, onClose }: ConfirmDeleteUserDialogProps) {
  const { remove } = useAdminActions();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new user to delete clears the last one's error.
  useEffect(() => setError(null), [user]);

  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Confirm Delete"
      description={`Are you sure you want to delete the user ${user?.username ?? ''}? This action cannot be undone.`}
      error={error}
      onConfirm={async () => {
        if (!user) return;
        try {
          await remove(user.id);
          toast.success(`User ${user.username} deleted successfully`);
          onClose();
        } catch (caught) {
          setError(caught instanceof Error ? caught.message : 'Failed to delete user');
        }
      }}
    />
  );
}
