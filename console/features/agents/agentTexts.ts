/** Why a number field's text was replaced by its default on blur (spec part 1 §5). */
export type ResetReason = 'empty' | 'not_a_number' | 'out_of_range' | 'not_whole';

const RESET_REASONS: Record<ResetReason, string> = {
  empty: 'Empty',
  not_a_number: 'Not a number',
  out_of_range: 'Out of range',
  not_whole: 'Not a whole number',
};

/** Every text of the agents screens that the spec fixes (part 1 §2, §5, §8), verbatim; ours follow it. */
export const AGENT_TEXTS = {
  listHeading: 'AI Agents',
  listIntro:
    'Create, manage and deploy AI agents for specific tasks and conversations. Each agent can be customized with its own personality and capabilities.',
  loadingList: 'Loading agents...',
  fetchFailed: 'Failed to fetch agents',
  emptyTitle: 'No agents found',
  emptyText:
    'Create your first AI agent to get started. Agents can be customized for specific tasks and conversations.',
  refresh: 'Refresh agents',
  newAgent: 'New Agent',
  addNewAgent: 'add new agent',

  createTitle: 'Create New Agent',
  createExplanation: 'Enter a name for your new agent. You can configure additional settings after creation.',
  nameLabel: 'Agent Name',
  nameRequired: 'Agent name is required',
  createFailed: 'Failed to create agent',

  notFound: 'Agent not found',
  notFoundHint: 'It may have been deleted, or the address is wrong.',
  detailFailed: 'Failed to fetch agent details',
  updated: 'Agent updated successfully',
  updateFailed: 'Failed to update agent',
  associationFailed: 'Agent updated but phone association failed',
  deleted: (name: string) => `Agent ${name} deleted successfully`,
  deleteFailed: 'Failed to delete agent',
  callInitiated: (number: string) => `Call initiated to ${number}`,
  viewSession: 'View session',
  callFailed: 'Failed to initiate call',
  /** Why Call is disabled (issue 7, finding 15): the server calls from the saved number. */
  callNeedsNumber: 'Attach a phone number to this agent to place calls.',
  callNeedsSave: 'Save the agent to attach its phone number, then call.',
  assignedTo: (agentName: string) => `Currently assigned to: ${agentName}`,
  twilioCredentialsMissing: 'Add your Twilio Account SID and Auth Token in Settings to attach a phone number.',

  /** A number field's hint and the notice after the blur rule reset it (issue 18): ranges as '0.6–1.2'. */
  allowed: (range: string, whole: boolean) => `Allowed: ${range}${whole ? ', whole numbers' : ''}`,
  numericReset: (reason: ResetReason, range: string, fallback: number) =>
    `${RESET_REASONS[reason]} (${range}): reset to ${fallback}`,

  toolsEnabled: (count: number) => (count > 0 ? `${count} tools enabled` : 'No tools'),
  speakFirst: (speaksFirst: boolean) => (speaksFirst ? 'Agent speaks first' : 'Agent waits for user'),
  transcription: (enabled: boolean) => (enabled ? 'Transcription enabled' : 'Transcription disabled'),
} as const;
