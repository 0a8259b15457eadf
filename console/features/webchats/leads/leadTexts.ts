/** The Leads tab's words (issue 25). */
export const LEAD_TEXTS = {
  title: 'Leads',
  loading: 'Loading leads…',
  loadFailed: 'Failed to load leads',
  emptyTitle: 'No leads yet',
  emptyDescription: 'When visitors send the contact form (Bot Behaviour → Lead capture), their details appear here.',
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  exported: (name: string) => `Saved ${name}`,
  exportFailed: 'The export failed. Please try again.',
  openConversation: 'open conversation',
  conversation: 'Conversation',
  range: (first: number, last: number, total: number) => `${first}–${last} of ${total}`,
  previous: 'Previous page',
  next: 'Next page',
} as const;
