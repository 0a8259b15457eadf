import { type FormEvent, useEffect } from 'react';
import type { User } from '../../../shared/types/user.js';
import { FormDialog } from '../../components/FormDialog.js';
import { TextInput } from '../../components/TextInput.js';
import { useToast } from '../../components/ToastProvider.js';
import { AdminActionError, useAdminActions } from './api.js';
import { asUserField, checkUserFields, hasBlankField, USER_FIELD_TEXTS } from './userFields.js';
import { useUserFieldForm } from './useUserFieldForm.js';

export interface EditUserDialogProps {
  /** The user being edited; null keeps the dialog closed. */
  user: User | null;
  onClose: () => void;
}

/** Edit User (part 2 §6): username and email, each problem shown at its field like Create User's. */
export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  const { update } = useAdminActions();
  const toast = useToast();
  const { values, error, setErrors, setError, submitting, setSubmitting, reset, bind } = useUserFieldForm({
    username: '',
    email: '',
  });
  const { username, email } = values;

  useEffect(() => {
    reset({ username: user?.username ?? '', email: user?.email ?? '' });
  }, [user, reset]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const found = checkUserFields({ username, email });
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setError(hasBlankField(found) ? 'Username and email are required' : null);
      return;
    }
    setSubmitting(true);
    setErrors({});
    setError(null);
    try {
      await update(user.id, { username: username.trim(), email: email.trim() });
      toast.success(`User ${username.trim()} updated successfully`);
      onClose();
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : 'Failed to update user';
      const field = caught instanceof AdminActionError ? asUserField(caught.field) : null;
      if (field) setErrors({ [field]: message });
      else setError(message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit User"
      maxWidth="460px"
      onSubmit={submit}
      error={error}
      submitLabel="Save"
      busyLabel="Saving..."
      submitting={submitting}
    >
      <TextInput label="Username" {...bind('username')} autoFocus />
      <TextInput label="Email" type="email" {...bind('email')} hint={USER_FIELD_TEXTS.emailHint} />
    </FormDialog>
  );
}
