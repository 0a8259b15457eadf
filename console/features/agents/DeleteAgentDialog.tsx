import { ConfirmDialog } from '../../components/ConfirmDialog.js';

export interface DeleteAgentDialogProps {
  agentName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void>;
}

export function DeleteAgentDialog({ agentName, open, onOpenChange, onConfirm }: DeleteAgentDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Agent"
      description={`Are you sure you want to delete the agent ${agentName}? This cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={onConfirm}
    />
  );
}
