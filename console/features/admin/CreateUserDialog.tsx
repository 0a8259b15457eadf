import { useState, type FormEvent } from 'react';
import { Flex, Select } from '@radix-ui/themes';
import { DialogActions } from '../../components/DialogActions.js';
import { Dialog } from '../../components/dialogs.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { FieldFrame } from '../../components/FieldFrame.js';
import { SecretField } from '../../components/SecretField.js';
import { TextInput } from '../../components/TextInput.js';
import { useToast } from '../../components/ToastProvider.js';
import { useAdminActions } from './api.js';

/** Roles offered at creation (part 2 §5): user only. */
const CREATABLE_ROLES = ['user'] as const;

export interface CreateUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const EMPTY = { username: '', email: '', password: '', role: 'user' };

export function CreateUserDialog({ open, onOpenChange }: CreateUserDialogProps) {
  const { create } = useAdminActions();
  const toast = useToast();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const changeOpen = (next: boolean) => {
    if (submitting) return;
    if (!next) {
      setForm(EMPTY);
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const username = form.username.trim();
    const email = form.email.trim();
    if (!username || !email || !form.password.trim()) {
      setError('Username, email and password are required');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await create({ username, email, password: form.password, role: form.role });
      toast.success(`User ${username} created successfully`);
      setForm(EMPTY);
      onOpenChange(false);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Failed to create user');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Content maxWidth="460px" aria-describedby={undefined}>
        <Dialog.Title>Create User</Dialog.Title>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="3">
            {error ? <ErrorCallout>{error}</ErrorCallout> : null}
            <TextInput label="Username" value={form.username} onChange={set('username')} required autoFocus autoComplete="off" disabled={submitting} />
            <TextInput label="Email" type="email" value={form.email} onChange={set('email')} required autoComplete="off" disabled={submitting} />
            <SecretField label="Password" value={form.password} onChange={set('password')} required autoComplete="new-password" disabled={submitting} />
            <FieldFrame label="Role">
              {(control) => (
                <Select.Root value={form.role} onValueChange={set('role')} disabled={submitting}>
                  <Select.Trigger {...control} />
                  <Select.Content>
                    {CREATABLE_ROLES.map((role) => (
                      <Select.Item key={role} value={role}>
                        {role}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              )}
            </FieldFrame>
            <DialogActions submitLabel="Create" busyLabel="Creating..." submitting={submitting} />
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
