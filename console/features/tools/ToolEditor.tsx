import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Flex, Spinner } from '@radix-ui/themes';
import type { Tool, ToolInput } from '../../../shared/types/tool.js';
import { useLeaveGuard, useUnsavedChanges } from '../../app/UnsavedChangesProvider.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { SaveIcon, TrashIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useToast } from '../../components/ToastProvider.js';
import { BACK_TO_TOOLS, TOOL_TEXTS, toolErrorText, useToolActions } from './api.js';
import { ToolFields } from './ToolFields.js';
import { sameForm, toolToForm, validateToolForm, type ToolForm, type ToolFormErrors, type ToolFormField } from './toolForm.js';
import { ToolTestPanel } from './ToolTestPanel.js';

export interface ToolEditorProps {
  /** The saved tool; null while creating one from `initial`. */
  tool: Tool | null;
  /** What a new tool starts from (the template). */
  initial: ToolInput;
}

/**
 * The tool editor (spec part 2 §2): edits stay in this component's state until Save. Toasts use
 * the default 6 s (part 2 §4).
 */
export function ToolEditor({ tool, initial }: ToolEditorProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const actions = useToolActions();
  const saved = useMemo(() => toolToForm(tool ?? initial), [tool, initial]);
  const [form, setForm] = useState<ToolForm>(saved);
  const [errors, setErrors] = useState<ToolFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const dirty = !sameForm(form, saved);
  useUnsavedChanges(dirty);
  const { leaveWithoutAsking } = useLeaveGuard();

  const change = (field: ToolFormField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  /** Validates and saves; true when the tool was saved. */
  const save = async (): Promise<boolean> => {
    const checked = validateToolForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(Object.values(checked.errors).filter(Boolean).join('. '));
      return false;
    }
    setSaving(true);
    try {
      if (tool) {
        await actions.update(tool.id, checked.input);
        toast.success(TOOL_TEXTS.updated);
      } else {
        const id = await actions.create(checked.input);
        toast.success(TOOL_TEXTS.created);
        // The new tool's page loads what was just saved: nothing is lost by leaving this form.
        leaveWithoutAsking(() => navigate(id ? `/tools/${encodeURIComponent(id)}` : '/tools', { replace: true }));
      }
      return true;
    } catch (error) {
      toast.error(toolErrorText(error));
      return false;
    } finally {
      setSaving(false);
    }
  };

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
    <Flex direction="column" gap="4">
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
      <ToolFields form={form} errors={errors} onChange={change} disabled={saving} />
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
