import { Button, Flex, Spinner } from '@radix-ui/themes';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Tool, ToolInput } from '../../../shared/types/tool.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { SaveIcon, TrashIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useToast } from '../../components/ToastProvider.js';
import { BACK_TO_TOOLS, TOOL_TEXTS, useToolActions } from './api.js';
import { ToolFields } from './ToolFields.js';
import { ToolTestPanel } from './ToolTestPanel.js';
import { useToolForm } from './useToolForm.js';

export interface ToolEditorProps {
  /** The saved tool; null while creating one from `initial`. */
  tool: Tool | null;
  /** What a new tool starts from (the template). */
  initial: ToolInput;
}

/**
 * The tool editor (spec part 2 §2): header, fields, Test panel and the delete confirmation; the
 * edits and Save live in useToolForm. Toasts use the default 6 s (part 2 §4).
 */
export function ToolEditor({ tool, initial }: ToolEditorProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const actions = useToolActions();
  const { form, errors, handlerErrorAt, saving, dirty, change, save, container, leaveWithoutAsking } = useToolForm(
    tool,
    initial,
  );
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const remove = async () => {
    if (!tool) return;
    try {
      await actions.remove(tool.id);
      toast.success(TOOL_TEXTS.deleted(tool.name));
      leaveWithoutAsking(() => navigate('/tools'));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : TOOL_TEXTS.deleteFailed);
      setConfirmingDelete(false);
    }
  };

  return (
    <Flex direction="column" gap="4" ref={container}>
      <PageHeader
        title={tool ? 'Edit Tool' : 'Create New Tool'}
        back={BACK_TO_TOOLS}
        sticky
        actions={
          <>
            {tool ? (
              <Button variant="soft" color="red" onClick={() => setConfirmingDelete(true)} disabled={saving}>
                <TrashIcon /> Delete
              </Button>
            ) : null}
            <Button onClick={() => void save()} disabled={saving}>
              {saving ? <Spinner /> : <SaveIcon />} {saving ? 'Saving...' : 'Save'}
            </Button>
          </>
        }
      />
      <ToolFields form={form} errors={errors} handlerErrorAt={handlerErrorAt} onChange={change} disabled={saving} />
      <ToolTestPanel
        toolId={tool?.id ?? null}
        savedParameters={tool?.parameters}
        draftParameters={form.parameters}
        dirty={dirty}
        onSave={save}
        saving={saving}
      />
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete Tool"
        description={`Are you sure you want to delete the tool '${tool?.name ?? ''}'? Agents and bots that use it will no longer be able to call it. This action cannot be undone.`}
        onConfirm={remove}
      />
    </Flex>
  );
}
