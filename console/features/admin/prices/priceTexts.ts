/** Texts of the admin price page (issue 21; not in the spec), in the admin page's words. */
import type { PriceField } from '../../../../shared/types/pricing.js';

export const PRICE_TEXTS = {
  title: 'Model Prices',
  intro:
    'USD per 1M tokens, per model and token kind. A row is in force from its date until the model’s next row; a call or chat answer is priced at the row in force when it started.',
  back: 'Back to Admin',
  open: 'Model Prices',
  refresh: 'Refresh',
  add: 'Add Price',
  loading: 'Loading prices...',
  fetchFailed: 'Failed to fetch prices',
  saveFailed: 'Failed to save price',
  deleteFailed: 'Failed to delete price',
  empty: 'No prices yet',
  emptyHint: 'Calls and chat answers show no cost until their model has a price. Add one with the Add Price button.',
  telephony: (inbound: number, outbound: number) =>
    `Phone minutes: inbound $${inbound} and outbound $${outbound} per started minute, set in the server’s environment (TELEPHONY_* variables).`,
  caption: 'Model prices',
  columns: {
    model: 'Model',
    effectiveFrom: 'In force from',
    actions: 'Actions',
  },
  fields: {
    textIn: 'Text in',
    textCached: 'Text cached',
    textOut: 'Text out',
    audioIn: 'Audio in',
    audioCached: 'Audio cached',
    audioOut: 'Audio out',
  } satisfies Record<PriceField, string>,
  fromTheStart: 'From the start',
  addTitle: 'Add Price',
  editTitle: (model: string) => `Edit Price of ${model}`,
  modelLabel: 'Model',
  modelHint:
    'As the agent or bot names it, e.g. gpt-4o-mini. A dated snapshot (…-2025-08-28) uses its base model’s row.',
  dateLabel: 'In force from',
  dateHint: 'Empty: from the start. The date is UTC; the same model and date replaces that row.',
  priceHint: 'USD per 1M tokens',
  save: 'Save',
  saving: 'Saving...',
  edit: 'Edit',
  delete: 'Delete',
  /** 'from 2026-05-01', or 'from the start' for a row in force from the start. */
  fromPhrase: (date: string | null) => (date === null ? 'from the start' : `from ${date}`),
  rowAction: (action: string, model: string, from: string) => `${action} ${model} ${from}`,
  saved: (model: string) => `Price of ${model} saved successfully`,
  deleted: (model: string) => `Price of ${model} deleted successfully`,
  confirmTitle: 'Confirm Delete',
  confirmText: (model: string, from: string) =>
    `Are you sure you want to delete the price of ${model} in force ${from}? Calls and answers of that time are priced by the model’s earlier row, or show no cost. This action cannot be undone.`,
  required: 'Is required',
  notANumber: 'Must be a number',
  outOfRange: 'Must be between 0 and 10000',
  badModel: 'Letters, digits and . _ : / - only, starting with a letter or digit',
  badDate: 'Must be a date',
} as const;
