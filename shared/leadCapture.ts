/**
 * Lead capture (issue 25): a bot's contact form, its settings and the checks of what a visitor
 * sends. The widget checks as the visitor types and the server checks again with the same rules,
 * so both say the same thing about the same value.
 */
import { EMAIL_PATTERN } from './emailAddress.js';

/** The four built-in fields and the three custom text fields, in the form's order. */
export const LEAD_FIELD_KEYS = ['name', 'email', 'phone', 'company', 'custom1', 'custom2', 'custom3'] as const;
export type LeadFieldKey = (typeof LEAD_FIELD_KEYS)[number];

/** When the form shows: before the first message, after the visitor's Nth message, or when the model calls request_contact. */
export const LEAD_CAPTURE_WHEN = ['before_chat', 'after_messages', 'on_request'] as const;
export type LeadCaptureWhen = (typeof LEAD_CAPTURE_WHEN)[number];

export interface LeadField {
  key: LeadFieldKey;
  /** What the visitor reads above the input; a built-in field's default when the owner leaves it empty. */
  label: string;
  required: boolean;
}

/** A bot's lead capture settings (the wire's `lead_capture`; the public config's `leadCapture`). */
export interface LeadCapture {
  enabled: boolean;
  when: LeadCaptureWhen;
  /** With `after_messages`: the form shows once the visitor has written this many messages. */
  after_messages: number;
  fields: LeadField[];
  /** A line above the fields; empty shows none. */
  intro: string;
  /** The send button's text; empty reads as LEAD_DEFAULT_SUBMIT. */
  submit_label: string;
}

/** The lengths of a visitor's answers: on their own, so the widget carries only these. */
export const LEAD_VALUE_LIMITS = {
  /** Characters of a text answer (name, company, custom fields). */
  valueMaxChars: 200,
  emailMaxChars: 254,
  phoneMaxChars: 32,
} as const;

export const LEAD_LIMITS = {
  afterMessages: { min: 1, max: 20 },
  maxCustomFields: 3,
  labelMaxChars: 60,
  introMaxChars: 300,
  submitLabelMaxChars: 40,
  ...LEAD_VALUE_LIMITS,
  /** The leads list's page size. */
  pageSize: 25,
} as const;

export const LEAD_DEFAULT_LABELS: Record<LeadFieldKey, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  custom1: '',
  custom2: '',
  custom3: '',
};

export const LEAD_DEFAULT_SUBMIT = 'Send';

/** The settings of a bot that has never had lead capture: off, name and email. */
export const LEAD_CAPTURE_OFF: LeadCapture = {
  enabled: false,
  when: 'before_chat',
  after_messages: 2,
  fields: [
    { key: 'name', label: '', required: false },
    { key: 'email', label: '', required: true },
  ],
  intro: '',
  submit_label: '',
};

/** The name of the built-in function the chat model may call (reserved: no tool may take it). */
export const REQUEST_CONTACT = 'request_contact';

/** Digits, spaces and + ( ) - . only, with at least five digits. */
const PHONE_PATTERN = /^\+?[0-9 ().-]+$/;

/** What a visitor sends: one text per chosen field. */
export type LeadValues = Partial<Record<LeadFieldKey, string>>;

/** The problem with one answer (already trimmed), or '' when it is fine. */
export function leadValueProblem(field: Pick<LeadField, 'key' | 'required'>, value: string): string {
  if (value === '') return field.required ? 'is required' : '';
  if (field.key === 'email') {
    if (value.length > LEAD_VALUE_LIMITS.emailMaxChars)
      return `must be at most ${LEAD_VALUE_LIMITS.emailMaxChars} characters`;
    return EMAIL_PATTERN.test(value) ? '' : 'must be an email address like name@example.com';
  }
  if (field.key === 'phone') {
    if (value.length > LEAD_VALUE_LIMITS.phoneMaxChars)
      return `must be at most ${LEAD_VALUE_LIMITS.phoneMaxChars} characters`;
    const digits = value.replace(/\D/g, '').length;
    return PHONE_PATTERN.test(value) && digits >= 5 ? '' : 'must be a phone number (digits, spaces, + ( ) - .)';
  }
  return value.length > LEAD_VALUE_LIMITS.valueMaxChars
    ? `must be at most ${LEAD_VALUE_LIMITS.valueMaxChars} characters`
    : '';
}

/** The label a field shows: the owner's, or the built-in field's name. */
export function leadFieldLabel(field: Pick<LeadField, 'key' | 'label'>): string {
  return field.label || LEAD_DEFAULT_LABELS[field.key];
}
