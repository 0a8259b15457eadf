import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { FormDialog } from '../../components/FormDialog.js';
import { TextInput } from '../../components/TextInput.js';
import { AGENT_TEXTS } from './agentTexts.js';
import { useAgentActions } from './api.js';

export interface CreateAgentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Create New Agent' (spec part 1 §2, §5): only the trimmed name is sent. Success clears the
 * field and closes, leaving the user on the refreshed list; failure keeps it open with the error.
 */
export function CreateAgentDialog({ open, onOpenChange }: CreateAgentDialogProps) {
  const { create } = useAgentActions();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setError(AGENT_TEXTS.nameRequired);
      return;
    }
    setSubmitting(true);
    setError(undefined);
    try {
      await create(trimmed);
      setName('');
      onOpenChange(false);
    } catch {
      // The spec shows the fixed text here, not the cause (part 1 §8).
      setError(AGENT_TEXTS.createFailed);
    } finally {
      setSubmitting(false);
    }
  };

  // Create is disabled while the name is empty, which also blocks Enter from submitting; Enter
  // on an empty name still deserves the reason rather than silence.
  const enterOnEmpty = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && name.trim() === '' && !submitting) {
      event.preventDefault();
      setError(AGENT_TEXTS.nameRequired);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onClosed={() => {
        setName('');
        setError(undefined);
      }}
      title={AGENT_TEXTS.createTitle}
      description={AGENT_TEXTS.createExplanation}
      maxWidth="460px"
      onSubmit={submit}
      onKeyDown={enterOnEmpty}
      submitLabel="Create"
      submitting={submitting}
      disabled={name.trim() === ''}
    >
      {/* The one field shows its own error (no callout above it). */}
      <TextInput
        label={AGENT_TEXTS.nameLabel}
        value={name}
        onChange={(value) => {
          setName(value);
          if (error) setError(undefined);
        }}
        required
        autoFocus
        autoComplete="off"
        disabled={submitting}
        error={error}
      />
    </FormDialog>
  );
}
