import { useCallback, useMemo, useState } from 'react';
import type { Agent } from '../../../shared/types/agent.js';
import { useToast } from '../../components/ToastProvider.js';
import {
  type AgentFormValues,
  buildPatch,
  type NumericField,
  normalizeNumeric,
  resetNotice,
  toFormValues,
} from './agentForm.js';
import { AGENT_TEXTS } from './agentTexts.js';
import { useAgentActions } from './api.js';

const SAVE_TOAST = 'agent-save';

export type SetField = <K extends keyof AgentFormValues>(field: K, value: AgentFormValues[K]) => void;

/** What each number field says after the blur rule reset it, until its next edit (issue 18). */
export type ResetNotices = Partial<Record<NumericField, string>>;

const NUMERIC_FIELDS = [
  'temperature',
  'max_response_output_tokens',
  'prefix_padding_ms',
  'silence_duration_ms',
  'threshold',
] as const;

/** What every section gets: the unsaved values and the two ways to change them. */
export interface AgentFormBinding {
  values: AgentFormValues;
  set: SetField;
  /** Applies the spec's blur-reset rule to a number field (part 1 §5). */
  blur: (field: NumericField) => void;
  notices: ResetNotices;
  disabled: boolean;
}

/**
 * The unsaved edits of one agent (spec part 1 §2: "Edits stay local until Save"). `loaded` is
 * what the server last confirmed, so a save sends only what differs and moves the phone number
 * only when it changed.
 */
export function useAgentEditor(agent: Agent) {
  const actions = useAgentActions();
  const toast = useToast();
  const [loaded, setLoaded] = useState(() => toFormValues(agent));
  const [values, setValues] = useState(loaded);
  const [saving, setSaving] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const [notices, setNotices] = useState<ResetNotices>({});

  const set = useCallback<SetField>((field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'name') setNameError(undefined);
    setNotices((current) => {
      if (!(field in current)) return current;
      const { [field as NumericField]: _edited, ...rest } = current;
      return rest;
    });
  }, []);
  // The spec's reset stays (part 1 §5); the field now says it happened and why (issue 18).
  const noteResets = (texts: Pick<AgentFormValues, NumericField>, fields: readonly NumericField[]) => {
    const found: ResetNotices = {};
    for (const field of fields) {
      const notice = resetNotice(field, texts[field]);
      if (notice) found[field] = notice;
    }
    if (Object.keys(found).length > 0) setNotices((current) => ({ ...current, ...found }));
  };
  const blur = (field: NumericField) => {
    noteResets(values, [field]);
    setValues((current) => ({ ...current, [field]: normalizeNumeric(field, current[field]) }));
  };

  const dirty = useMemo(
    () => Object.keys(buildPatch(loaded, values)).length > 0 || loaded.phoneNumber !== values.phoneNumber,
    [loaded, values],
  );

  const save = async () => {
    if (values.name.trim() === '') {
      setNameError(AGENT_TEXTS.nameRequired);
      return;
    }
    // Values as the blur rules leave them, even if Save was reached without a blur (Enter).
    noteResets(values, NUMERIC_FIELDS);
    const settled = { ...values };
    for (const field of NUMERIC_FIELDS) settled[field] = normalizeNumeric(field, settled[field]);
    setSaving(true);
    try {
      const result = await actions.save(agent.id, buildPatch(loaded, settled), {
        from: loaded.phoneNumber,
        to: settled.phoneNumber,
      });
      const confirmed = { ...settled, name: settled.name.trim() };
      if (result.associationFailed) confirmed.phoneNumber = loaded.phoneNumber;
      setLoaded(confirmed);
      // After a failed move the chosen number stays selected, so Save can try again.
      setValues({ ...confirmed, phoneNumber: settled.phoneNumber });
      // Keyed, so a success replaces the red toast of a failed try still on screen.
      if (result.associationFailed) toast.show(AGENT_TEXTS.associationFailed, { tone: 'warning', key: SAVE_TOAST });
      else toast.success(AGENT_TEXTS.updated, { key: SAVE_TOAST });
      if (result.associationWarning) toast.show(result.associationWarning, { tone: 'warning' });
    } catch {
      toast.error(AGENT_TEXTS.updateFailed, { key: SAVE_TOAST });
    } finally {
      setSaving(false);
    }
  };

  const binding: AgentFormBinding = { values, set, blur, notices, disabled: saving };
  return { binding, loaded, dirty, saving, save, nameError };
}
