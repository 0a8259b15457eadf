import { useRef } from 'preact/hooks';
import { LEAD_DEFAULT_SUBMIT, LEAD_VALUE_LIMITS, type LeadFieldKey, leadFieldLabel } from '../../shared/leadCapture.js';
import type { LeadModel } from '../models/LeadModel.js';
import { TEXT } from '../texts.js';
import { reactive } from './reactive.js';

export interface LeadFormProps {
  lead: LeadModel;
  /** Where the keyboard goes once the form is sent or skipped (the message field). */
  onDone: () => void;
}

/** Input type and autofill token per built-in field, so phones show the right keyboard and browsers fill it in. */
const INPUTS: Partial<Record<LeadFieldKey, { type: 'text' | 'email' | 'tel'; autocomplete: string; max: number }>> = {
  name: { type: 'text', autocomplete: 'name', max: LEAD_VALUE_LIMITS.valueMaxChars },
  email: { type: 'email', autocomplete: 'email', max: LEAD_VALUE_LIMITS.emailMaxChars },
  phone: { type: 'tel', autocomplete: 'tel', max: LEAD_VALUE_LIMITS.phoneMaxChars },
  company: { type: 'text', autocomplete: 'organization', max: LEAD_VALUE_LIMITS.valueMaxChars },
};
const TEXT_INPUT = { type: 'text' as const, autocomplete: 'off', max: LEAD_VALUE_LIMITS.valueMaxChars };

/**
 * The contact form as a card in the bot's colours (issue 25): labelled inputs, each problem shown
 * under its input and tied to it (aria-describedby), the first wrong input focused on a refused
 * send. Once sent it gives way to a thank-you line, announced.
 */
export const LeadForm = reactive(function LeadForm({ lead, onDone }: LeadFormProps) {
  const root = useRef<HTMLFormElement>(null);
  const form = lead.form.value;
  if (lead.thanked.value) {
    return (
      <p class="lead-thanks" role="status">
        {TEXT.lead.thanks}
      </p>
    );
  }
  if (!form || !lead.shown.value) return null;
  const errors = lead.errors.value;
  return (
    <form
      ref={root}
      class="lead"
      aria-label={TEXT.lead.title}
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (await lead.submit()) onDone();
        else root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      }}
    >
      {form.intro && <p class="lead-intro">{form.intro}</p>}
      {form.fields.map((field) => {
        const id = `sb-lead-${field.key}`;
        const input = INPUTS[field.key] ?? TEXT_INPUT;
        const error = errors[field.key];
        return (
          <div class="lead-field" key={field.key}>
            <label for={id}>
              {leadFieldLabel(field)}
              {!field.required && <span class="lead-optional"> {TEXT.lead.optional}</span>}
            </label>
            <input
              id={id}
              class="lead-input"
              // Preact's input types tie `type` to other attributes; these three take the same ones.
              type={input.type as 'text'}
              autocomplete={input.autocomplete}
              maxLength={input.max}
              aria-required={field.required}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              value={lead.values.value[field.key] ?? ''}
              onInput={(event) => lead.setValue(field.key, event.currentTarget.value)}
            />
            {error && (
              <p id={`${id}-error`} class="lead-error">
                {TEXT.lead.problem(leadFieldLabel(field), error)}
              </p>
            )}
          </div>
        );
      })}
      <p class="lead-error" role="alert">
        {lead.failure.value !== null && (lead.failure.value || TEXT.lead.failed)}
      </p>
      <div class="lead-actions">
        {lead.skippable.value && (
          <button
            type="button"
            class="lead-skip"
            onClick={() => {
              lead.skip();
              onDone();
            }}
          >
            {TEXT.lead.skip}
          </button>
        )}
        <button type="submit" class="lead-send" disabled={lead.sending.value}>
          {form.submit_label || LEAD_DEFAULT_SUBMIT}
        </button>
      </div>
    </form>
  );
});
