/** Texts of chat take-over and "Talk to a person" in the Conversations tab (issue 23; not in the spec). */
export const TAKEOVER_TEXTS = {
  takeOver: 'Take over',
  handBack: 'Hand back',
  heading: 'Live chat',
  botAnswers:
    'The bot is answering. Take over to write to the visitor yourself; the bot stays silent until you hand back.',
  youHold: 'You are chatting with the visitor. The bot is silent until you hand back.',
  heldBy: (name: string) => `${name} is chatting with the visitor.`,
  waiting: 'Waiting for a person',
  /** The list's badge: short enough for a phone-wide row. */
  waitingBadge: 'Waiting',
  waitingCount: (n: number) => `${n} waiting`,
  heldBadge: (name: string) => `With ${name}`,
  message: 'Message to the visitor',
  send: 'Send',
  failed: 'That did not work. Try again.',
  operator: (name: string) => `${name} (operator)`,
} as const;
