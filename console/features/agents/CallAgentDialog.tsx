import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../components/FormDialog.js';
import { TextInput } from '../../components/TextInput.js';
import { useToast } from '../../components/ToastProvider.js';
import { AGENT_TEXTS } from './agentTexts.js';
import { useAgentActions } from './api.js';

export interface CallAgentDialogProps {
  agentId: string;
  agentName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Places an outbound call from the agent's number (spec part 1 §2, §5 "Call dialog"). */
export function CallAgentDialog({ agentId, agentName, open, onOpenChange }: CallAgentDialogProps) {
  const { makeCall } = useAgentActions();
  const toast = useToast();
  const [number, setNumber] = useState('');
  const [calling, setCalling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trimmed = number.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || calling) return;
    setCalling(true);
    setError(null);
    try {
      const callSid = await makeCall(agentId, trimmed);
      // The call is on Sessions from now on, ringing (issue 18): the toast leads to it.
      const link = callSid
        ? { label: AGENT_TEXTS.viewSession, to: `/sessions/${encodeURIComponent(callSid)}` }
        : undefined;
      toast.success(AGENT_TEXTS.callInitiated(trimmed), { link });
      setNumber('');
      onOpenChange(false);
    } catch (caught) {
      // Shown in the dialog, which stays open so the number can be corrected and tried again
      // (a toast behind the dialog was easy to miss; issue 7, finding 15).
      setError(caught instanceof Error ? caught.message : AGENT_TEXTS.callFailed);
    } finally {
      setCalling(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onClosed={() => {
        setNumber('');
        setError(null);
      }}
      title={`Call with ${agentName}`}
      description="Enter the phone number to call. The agent calls from its own phone number."
      maxWidth="440px"
      onSubmit={submit}
      error={error}
      submitLabel="Call"
      submitting={calling}
      disabled={trimmed === ''}
    >
      <TextInput
        label="Phone number to call"
        value={number}
        onChange={(next) => {
          setNumber(next);
          setError(null);
        }}
        placeholder="+14155550123"
        hint="International format, e.g. +14155550123"
        autoFocus
        autoComplete="tel"
        disabled={calling}
      />
    </FormDialog>
  );
}
