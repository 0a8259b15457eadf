import type { ChatNotice } from './chat/ChatSendError.js';

/** Every word the widget itself shows or announces (bot texts come from the bot's settings). */
export const TEXT = {
  openChat: 'Open chat',
  closeChat: 'Close chat',
  startOver: 'Start a new conversation',
  suggestions: 'Suggested questions',
  messages: 'Messages',
  message: 'Message',
  placeholder: 'Type a message…',
  send: 'Send message',
  startChat: 'Chat now',
  dismissAd: 'Dismiss message',
  notSent: 'Not sent',
  retry: 'Retry',
  typing: 'Assistant is typing',
  /** Issue 23: a person in the chat. */
  talkToPerson: 'Talk to a person',
  personAsked: 'A person has been asked to join',
  joined: (name: string) => `${name} joined the chat`,
  left: (name: string) => `${name} left the chat`,
  rateAnswer: 'Rate this answer',
  goodAnswer: 'Good answer',
  badAnswer: 'Bad answer',
  feedbackComment: 'What was wrong? (optional)',
  sendFeedback: 'Send',
  skipFeedback: 'Skip',
  feedbackThanks: 'Thanks for your feedback',
  /** Issue 24: the knowledge an answer cited. */
  sources: 'Sources',
  lead: {
    title: 'Your contact details',
    optional: '(optional)',
    skip: 'Skip',
    thanks: 'Thanks! Your details were sent.',
    failed: 'Your details couldn’t be sent. Please try again.',
    /** "Email must be an email address like …": the label first, so it reads alone. */
    problem: (label: string, problem: string) => `${label} ${problem}.`,
  },
  /** Screen-reader prefixes, so the live region says who is speaking. */
  speakers: { user: 'You: ', assistant: 'Assistant: ', system: 'Notice: ' },
  notices: {
    notConnected: 'Not connected: this chat can’t send messages yet.',
    notAllowed: 'This chat is not enabled on this site',
    rateLimited: 'You’re sending messages too quickly. Please wait a moment.',
    unavailable: 'The chat is unavailable right now. Please try again in a moment.',
    notFound: 'This chat is no longer available.',
    network: 'Can’t reach the chat. Check your connection and try again.',
    failed: 'Your message couldn’t be sent. Please try again.',
  } satisfies Record<ChatNotice, string>,
} as const;
