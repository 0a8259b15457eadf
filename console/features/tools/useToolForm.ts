import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Tool, ToolInput } from '../../../shared/types/tool.js';
import { useLeaveGuard, useUnsavedChanges } from '../../app/UnsavedChangesProvider.js';
import { useToast } from '../../components/ToastProvider.js';
import { TOOL_TEXTS, useToolActions } from './api.js';
import {
  sameForm,
  type ToolForm,
  type ToolFormErrors,
  type ToolFormField,
  toolToForm,
  validateToolForm,
} from './toolForm.js';
import { toolSaveError } from './toolSaveError.js';

/** One toast topic for saving, so a success replaces a failure still on screen. */
const SAVE_TOAST = { key: 'tool-save' } as const;

/**
 * The tool editor's unsaved edits and Save (spec part 2 §2, §5): edits stay here until Save.
 * Problems with a field show under it and focus moves to the first one (issue 7, finding 14);
 * only failures that belong to no field are toasts. `container` scopes where focus looks.
 */
export function useToolForm(tool: Tool | null, initial: ToolInput) {
  const navigate = useNavigate();
  const toast = useToast();
  const actions = useToolActions();
  const saved = useMemo(() => toolToForm(tool ?? initial), [tool, initial]);
  const [form, setForm] = useState<ToolForm>(saved);
  const [errors, setErrors] = useState<ToolFormErrors>({});
  const [handlerErrorAt, setHandlerErrorAt] = useState<{ line: number; column: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  const dirty = !sameForm(form, saved);
  useUnsavedChanges(dirty);
  const { leaveWithoutAsking } = useLeaveGuard();

  useEffect(() => {
    if (focusRequest === 0) return;
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const change = (field: ToolFormField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    if (field === 'handler_code') setHandlerErrorAt(null);
  };

  const showErrors = (next: ToolFormErrors) => {
    setErrors(next);
    setFocusRequest((n) => n + 1);
  };

  /** Validates and saves; true when the tool was saved. */
  const save = async (): Promise<boolean> => {
    const checked = validateToolForm(form);
    if (!checked.ok) {
      showErrors(checked.errors);
      return false;
    }
    setSaving(true);
    try {
      if (tool) {
        await actions.update(tool.id, checked.input);
        toast.success(TOOL_TEXTS.updated, SAVE_TOAST);
      } else {
        const id = await actions.create(checked.input);
        toast.success(TOOL_TEXTS.created, SAVE_TOAST);
        // The new tool's page loads what was just saved: nothing is lost by leaving this form.
        leaveWithoutAsking(() => navigate(id ? `/tools/${encodeURIComponent(id)}` : '/tools', { replace: true }));
      }
      setErrors({});
      return true;
    } catch (error) {
      const problem = toolSaveError(error);
      if (problem.field) {
        toast.dismiss(SAVE_TOAST.key);
        setHandlerErrorAt(problem.at);
        showErrors({ [problem.field]: problem.message });
      } else {
        toast.error(problem.message, SAVE_TOAST);
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { form, errors, handlerErrorAt, saving, dirty, change, save, container, leaveWithoutAsking };
}
