/** Texts of the session page's live-call controls (issue 23). */
export const LISTEN_TEXTS = {
  heading: 'Live call',
  listen: 'Listen',
  stopListening: 'Stop listening',
  connecting: 'Connecting…',
  listening: 'Listening to both sides of the call',
  takeOver: 'Take over',
  handBack: 'Hand back',
  takingOver: 'Taking over…',
  handingBack: 'Handing back…',
  youHold: 'You have taken over: the agent is muted and the caller hears you.',
  heldBy: (name: string) => `Taken over by ${name}: the agent is muted.`,
  agentAnswers: 'The agent is answering this call.',
  takeOverFailed: 'The call could not be taken over.',
  handBackFailed: 'The call could not be handed back.',
} as const;
