import { Flex } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
import type { Agent } from '../../../shared/types/agent.js';
import { MountWhenOpened } from '../../app/MountWhenOpened.js';
import { useUnsavedChanges } from '../../app/UnsavedChangesProvider.js';
import { AnalysisSettingsSection } from '../../components/analysis/AnalysisSettingsSection.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { AgentAdvancedSection } from './AgentAdvancedSection.js';
import { AgentBasicsSection } from './AgentBasicsSection.js';
import { AgentBuiltinFunctionsSection } from './AgentBuiltinFunctionsSection.js';
import { AgentInstructionsSection } from './AgentInstructionsSection.js';
import { AgentKnowledgeSection } from './AgentKnowledgeSection.js';
import { AgentPageHeader } from './AgentPageHeader.js';
import { AgentToolsSection } from './AgentToolsSection.js';
import { AgentTranscriptionSection } from './AgentTranscriptionSection.js';
import { AgentTurnDetectionSection } from './AgentTurnDetectionSection.js';
import { buildPatch } from './agentForm.js';
import { AGENT_TEXTS } from './agentTexts.js';
import { CallAgentDialog } from './CallAgentDialog.js';
import { DeleteAgentDialog } from './DeleteAgentDialog.js';
import { LazyTalkPanel } from './talk/LazyTalkPanel.js';
import { useAgentEditor } from './useAgentEditor.js';
import { useDeleteAgent } from './useDeleteAgent.js';

/** Calls go out from the saved number, so an unsaved choice does not count yet. */
function callBlockedReason(savedNumber: string | null, chosenNumber: string | null): string | null {
  if (savedNumber) return null;
  return chosenNumber ? AGENT_TEXTS.callNeedsSave : AGENT_TEXTS.callNeedsNumber;
}

export interface AgentEditorProps {
  agent: Agent;
}

/** The detail form of one loaded agent: header actions, the six sections and the dialogs. */
export function AgentEditor({ agent }: AgentEditorProps) {
  const editor = useAgentEditor(agent);
  const userId = useEffectiveUserId();
  const { deleted, deleteAgent } = useDeleteAgent(agent.id, editor.loaded.name);
  const [calling, setCalling] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [talking, setTalking] = useState(false);
  // Talk tries the page as it stands: the unsaved fields go with the call, never saved by it.
  const unsaved = useMemo(
    () => buildPatch(editor.loaded, editor.binding.values) as Record<string, unknown>,
    [editor.loaded, editor.binding.values],
  );
  const binding = { ...editor.binding, disabled: editor.binding.disabled || deleted };
  useUnsavedChanges(editor.dirty && !deleted);

  // The dialogs stay outside the <form>: React bubbles a portal's events through the component
  // tree, so the call dialog's submit would otherwise also save the agent.
  return (
    <>
      <form
        aria-label="Agent settings"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!deleted) void editor.save();
        }}
      >
        <Flex direction="column" gap="4">
          <AgentPageHeader
            title={editor.loaded.name}
            saving={editor.saving}
            dirty={editor.dirty}
            locked={deleted}
            callBlockedReason={callBlockedReason(editor.loaded.phoneNumber, editor.binding.values.phoneNumber)}
            onCall={() => setCalling(true)}
            onTalk={() => setTalking(true)}
            talkOpener={LazyTalkPanel.opener}
            onDelete={() => setConfirmingDelete(true)}
          />
          <AgentBasicsSection
            {...binding}
            agentId={agent.id}
            loadedNumber={editor.loaded.phoneNumber}
            nameError={editor.nameError}
          />
          <AgentInstructionsSection {...binding} />
          <AgentToolsSection {...binding} agentTools={agent.tools ?? []} />
          <AgentKnowledgeSection {...binding} />
          <AgentTranscriptionSection {...binding} />
          <AgentAdvancedSection {...binding} />
          <AgentTurnDetectionSection {...binding} />
          <AgentBuiltinFunctionsSection {...binding} />
        </Flex>
      </form>
      {/* Its own form and Save, outside the agent's: forms do not nest. */}
      <AnalysisSettingsSection source="agents" id={agent.id} userId={userId} />
      <CallAgentDialog agentId={agent.id} agentName={editor.loaded.name} open={calling} onOpenChange={setCalling} />
      <MountWhenOpened open={talking}>
        <LazyTalkPanel.Component
          agentId={agent.id}
          agentName={editor.loaded.name}
          settings={unsaved}
          open={talking}
          onOpenChange={setTalking}
        />
      </MountWhenOpened>
      <DeleteAgentDialog
        agentName={editor.loaded.name}
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        onConfirm={async () => {
          await deleteAgent();
          setConfirmingDelete(false);
        }}
      />
    </>
  );
}
