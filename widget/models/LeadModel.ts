import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core';
import { type LeadCapture, type LeadFieldKey, type LeadValues, leadValueProblem } from '../../shared/leadCapture.js';
import type { LeadPost } from '../chat/createChatTransport.js';
import type { ChatModel } from './ChatModel.js';

export interface LeadModelOptions {
  chat: Pick<ChatModel, 'messages' | 'conversationId' | 'adopt'>;
  /** Without one (a preview) a valid form just counts as sent. */
  post?: LeadPost;
  /** The console's preview: the form shows at once as a card, whatever its "when", and never blocks. */
  preview?: boolean;
}

/**
 * The contact form of issue 25: when it shows (before the chat, after the visitor's Nth message,
 * or when the model asked), what the visitor typed, the problems found in it, and sending it once
 * per conversation.
 */
export interface LeadModel {
  form: ReadonlySignal<LeadCapture | null>;
  /** The form is in the panel. */
  shown: ReadonlySignal<boolean>;
  /** Before the chat: the composer waits until the form is sent (or skipped, when every field is optional). */
  blocking: ReadonlySignal<boolean>;
  /** Skipping is offered: before the chat with no required field. */
  skippable: ReadonlySignal<boolean>;
  values: ReadonlySignal<LeadValues>;
  /** Problems per field, from the last try to send on (and updated as the visitor fixes them). */
  errors: ReadonlySignal<Partial<Record<LeadFieldKey, string>>>;
  sending: ReadonlySignal<boolean>;
  /** Why the last send failed ('' for none); the server's words when it gave some. */
  failure: ReadonlySignal<string | null>;
  /** Sent in this conversation: not asked again. */
  sent: ReadonlySignal<boolean>;
  /** Sent from this page: the panel thanks the visitor. */
  thanked: ReadonlySignal<boolean>;
  setForm: (form: LeadCapture | null) => void;
  setValue: (key: LeadFieldKey, value: string) => void;
  /** Checks and sends; resolves false when a field is wrong or the server refused. */
  submit: () => Promise<boolean>;
  skip: () => void;
  /** The model called request_contact. */
  request: () => void;
  /** The restored conversation's form was sent before. */
  markSent: () => void;
  /** A new conversation: the form may be asked again. */
  reset: () => void;
}

export function createLeadModel({ chat, post, preview = false }: LeadModelOptions): LeadModel {
  const form = signal<LeadCapture | null>(null);
  const values = signal<LeadValues>({});
  const errors = signal<Partial<Record<LeadFieldKey, string>>>({});
  const sending = signal(false);
  const failure = signal<string | null>(null);
  const sent = signal(false);
  const thanked = signal(false);
  const skipped = signal(false);
  const requested = signal(false);
  const written = computed(() => chat.messages.value.filter((m) => m.role === 'user' && !m.failed).length);

  const due = computed(() => {
    const f = form.value;
    if (!f?.enabled || sent.value || skipped.value) return false;
    if (preview || f.when === 'before_chat') return true;
    return f.when === 'after_messages' ? written.value >= f.after_messages : requested.value;
  });
  const check = (): Partial<Record<LeadFieldKey, string>> => {
    const found: Partial<Record<LeadFieldKey, string>> = {};
    for (const field of form.peek()?.fields ?? []) {
      const problem = leadValueProblem(field, (values.peek()[field.key] ?? '').trim());
      if (problem) found[field.key] = problem;
    }
    return found;
  };

  return {
    form,
    shown: due,
    blocking: computed(() => due.value && !preview && form.value?.when === 'before_chat'),
    skippable: computed(() => form.value?.when === 'before_chat' && !form.value.fields.some((f) => f.required)),
    values,
    errors,
    sending,
    failure,
    sent,
    thanked,
    setForm: (next) => {
      form.value = next;
    },
    setValue: (key, value) => {
      batch(() => {
        values.value = { ...values.peek(), [key]: value };
        // A problem shown goes as soon as it is fixed; new ones wait for the next send.
        if (errors.peek()[key]) errors.value = { ...errors.peek(), [key]: check()[key] };
      });
    },
    submit: async () => {
      const found = check();
      errors.value = found;
      if (Object.keys(found).length > 0 || sending.peek()) return false;
      const fields: LeadValues = {};
      for (const field of form.peek()?.fields ?? []) {
        const value = values.peek()[field.key]?.trim();
        if (value) fields[field.key] = value;
      }
      sending.value = true;
      failure.value = null;
      try {
        const id = chat.conversationId();
        if (post) chat.adopt(await post(id ? { conversationId: id, fields } : { fields }));
        batch(() => {
          sent.value = true;
          thanked.value = true;
        });
        return true;
      } catch (error) {
        failure.value = error instanceof Error ? error.message : '';
        return false;
      } finally {
        sending.value = false;
      }
    },
    skip: () => {
      skipped.value = true;
    },
    request: () => {
      requested.value = true;
    },
    markSent: () => {
      sent.value = true;
    },
    reset: () => {
      batch(() => {
        sent.value = false;
        thanked.value = false;
        skipped.value = false;
        requested.value = false;
        values.value = {};
        errors.value = {};
        failure.value = null;
      });
    },
  };
}
