/** The Integrations page's words (issue 22). */
export const INTEGRATIONS_TEXTS = {
  title: 'Integrations',
  intro:
    'Send calls, chats and their analyses to your CRM, ticketing or spreadsheet as signed webhooks (Standard Webhooks).',
  addEndpoint: 'Add Endpoint',
  loading: 'Loading endpoints...',
  listFailed: 'Failed to load webhook endpoints',
  empty: 'No webhook endpoints yet',
  emptyHint: 'Add an endpoint URL and pick the events it should receive.',
  refresh: 'Refresh',
  created: 'Webhook endpoint created',
  updated: 'Webhook endpoint updated',
  deleted: 'Webhook endpoint deleted',
  deleteFailed: 'Failed to delete webhook endpoint',
  saveFailed: 'Failed to save webhook endpoint',
  testQueued: 'Test event sent',
  testFailed: 'Failed to send test event',
  secretFailed: 'Failed to load the signing secret',
  rotated: 'Signing secret rotated',
  rotateFailed: 'Failed to rotate the signing secret',
  deliveriesFailed: 'Failed to load deliveries',
  noDeliveries: 'No deliveries yet. Send a test event to try the endpoint.',
  resent: 'Delivery queued again',
  resendFailed: 'Failed to resend delivery',
  deliveryFailed: 'Failed to load delivery',
} as const;

/** What each event is, for the checkboxes. */
export const EVENT_LABELS: Record<string, string> = {
  'call.started': 'Call started',
  'call.ended': 'Call ended (transcript, cost, recording link)',
  'call.analysis.ready': 'Call analysis ready',
  'chat.conversation.ended': 'Chat conversation ended',
  'chat.analysis.ready': 'Chat analysis ready',
  'lead.captured': 'Lead captured (a visitor sent a bot’s contact form)',
};
