import { LEAD_FIELD_KEYS, type LeadCapture, type LeadField } from '../shared/leadCapture.js';

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The bot's contact form from its public settings (issue 25), or null when it is off or not a
 * form: the server checked it, but the widget never trusts a shape it renders from.
 */
export function readLeadForm(value: unknown): LeadCapture | null {
  if (typeof value !== 'object' || value === null) return null;
  const form = value as Record<string, unknown>;
  if (form.enabled !== true || !Array.isArray(form.fields)) return null;
  const fields = form.fields.flatMap((item: unknown): LeadField[] => {
    const f = (item ?? {}) as Record<string, unknown>;
    return (LEAD_FIELD_KEYS as readonly unknown[]).includes(f.key)
      ? [{ key: f.key as LeadField['key'], label: isText(f.label) ? f.label : '', required: f.required === true }]
      : [];
  });
  const when = form.when === 'after_messages' || form.when === 'on_request' ? form.when : 'before_chat';
  return fields.length === 0
    ? null
    : {
        enabled: true,
        when,
        after_messages: Number(form.after_messages) || 1,
        fields,
        intro: isText(form.intro) ? form.intro : '',
        submit_label: isText(form.submit_label) ? form.submit_label : '',
      };
}
