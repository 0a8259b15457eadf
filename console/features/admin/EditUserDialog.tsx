import { useEffect, useState, type FormEvent } from 'react';
import { Flex } from '@radix-ui/themes';
import type { User } from '../../../shared/types/user.js';
import { DialogActions } from '../../components/DialogActions.js';
import { Dialog } from '../../components/dialogs.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { TextInput } from '../../components/TextInput.js';
import { useToast } from '../../components/ToastProvider.js';
import { useAdminActions } from './api.js';

export interface EditUserDialogProps {
  /** The user being edited; null keeps the dialog closed. */
  user: User | null;
  onClose: () => void;
}

/** Edit User (part 2 §6): username and email. */
export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  const { update } = useAdminActions();
  const toast = useToast();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    setUsername(user?.username ?? '');
    setEmail(user?.email ?? '');
    setError(null);
  }, [user]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    if (!username.trim() || !email.trim()) {
      setError('Username and email are required');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await update(user.id, { username: username.trim(), email: email.trim() });
      toast.success(`User ${username.trim()} updated successfully`);
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Failed to update user');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog.Root open={user !== null} onOpenChange={(open) => !open && !submitting && onClose()}>
      <Dialog.Content maxWidth="460px" aria-describedby={undefined}>
        <Dialog.Title>Edit User</Dialog.Title>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="3">
            {error ? <ErrorCallout>{error}</ErrorCallout> : null}
            <TextInput label="Username" value={username} onChange={setUsername} required autoFocus disabled={submitting} />
            <TextInput label="Email" type="email" value={email} onChange={setEmail} required disabled={submitting} />
            <DialogActions submitLabel="Save" busyLabel="Saving..." submitting={submitting} />
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
