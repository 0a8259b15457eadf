import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { UI_TIMING } from '../../../shared/defaults.js';
import type { WebchatKnowledge } from '../../../shared/types/knowledge.js';
import type { Appearance, Webchat } from '../../../shared/types/webchat.js';
import { useToast } from '../../components/ToastProvider.js';
import { useWebchatActions, WebchatWriteError } from './api.js';
import {
  type FormErrors,
  newBotValues,
  sameValues,
  tabOfFirstError,
  toFormValues,
  toInput,
  validate,
  type WebchatFormValues,
} from './webchatForm.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';

export type SetField = <K extends keyof WebchatFormValues>(field: K, value: WebchatFormValues[K]) => void;
export type SetAppearance = <K extends keyof Appearance>(key: K, value: Appearance[K]) => void;
/** Changes the knowledge from its latest value: crawls and summaries land while other edits go on. */
export type UpdateKnowledge = (update: (current: WebchatKnowledge) => WebchatKnowledge) => void;

export const webchatPath = (id: string) => `/webchats/${encodeURIComponent(id)}`;

/** What each tab gets: the unsaved values, the way to change them and the errors to show. */
export interface WebchatFormBinding {
  values: WebchatFormValues;
  set: SetField;
  /** One appearance key; stable, so unchanged colour fields skip re-rendering while one is typed in. */
  setAppearance: SetAppearance;
  updateKnowledge: UpdateKnowledge;
  errors: FormErrors;
  disabled: boolean;
}

const failureText = (error: unknown, fallback: string) =>
  error instanceof WebchatWriteError ? error.display : fallback;

/**
 * The unsaved edits of one bot, or of a new one (`bot` null). Create redirects to the new bot
 * after 0.5 s and delete to the list after 1.5 s (spec part 2 §2); `locked` covers those waits.
 */
export function useWebchatEditor(bot: Webchat | null) {
  const actions = useWebchatActions();
  const toast = useToast();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState(() => (bot ? toFormValues(bot) : newBotValues()));
  const [values, setValues] = useState(loaded);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const set = useCallback<SetField>((field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (field in current ? { ...current, [field]: undefined } : current));
  }, []);

  const setAppearance = useCallback<SetAppearance>((key, value) => {
    setValues((current) => ({ ...current, appearance: { ...current.appearance, [key]: value } }));
  }, []);

  const updateKnowledge = useCallback<UpdateKnowledge>((update) => {
    setValues((current) => ({ ...current, knowledge: update(current.knowledge) }));
  }, []);

  const dirty = useMemo(() => !sameValues(values, loaded), [values, loaded]);

  /**
   * Saves, or answers the tab holding the first invalid field (nothing is sent then), so the page
   * can show it: Radix unmounts inactive tabs, and an error on a hidden one would go unseen.
   */
  const save = async (): Promise<{ invalidTab: 'behaviour' | 'appearance' } | undefined> => {
    const found = validate(values);
    setErrors(found);
    const invalidTab = tabOfFirstError(found);
    if (invalidTab) return { invalidTab };
    setSaving(true);
    const sent = values;
    try {
      if (!bot) {
        const created = await actions.create(toInput(sent, loaded));
        setLoaded(sent);
        setLocked(true);
        toast.success(WEBCHAT_TEXTS.created);
        timer.current = setTimeout(
          () => navigate(webchatPath(created.id), { replace: true }),
          UI_TIMING.createBotRedirectMs,
        );
        return;
      }
      const answer = await actions.update(bot.id, toInput(sent, loaded));
      const updated = toFormValues(answer);
      if (!answer.knowledge) updated.knowledge = sent.knowledge;
      setLoaded(updated);
      // A crawl or summary that landed while saving stays, as an unsaved edit.
      setValues((current) => (current === sent ? updated : current));
      toast.success(WEBCHAT_TEXTS.updated);
    } catch (error) {
      toast.error(failureText(error, bot ? WEBCHAT_TEXTS.updateFailed : WEBCHAT_TEXTS.createFailed));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (): Promise<boolean> => {
    if (!bot) return false;
    try {
      await actions.remove(bot.id);
    } catch (error) {
      toast.error(failureText(error, WEBCHAT_TEXTS.deleteFailed));
      return false;
    }
    setLocked(true);
    setValues(loaded);
    toast.success(WEBCHAT_TEXTS.deleted(loaded.name));
    timer.current = setTimeout(() => navigate('/webchats'), UI_TIMING.deleteRedirectMs);
    return true;
  };

  const binding: WebchatFormBinding = {
    values,
    set,
    setAppearance,
    updateKnowledge,
    errors,
    disabled: saving || locked,
  };
  return { binding, loaded, dirty: dirty && !locked, saving, locked, save, remove };
}
