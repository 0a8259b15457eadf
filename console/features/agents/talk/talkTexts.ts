import { REALTIME } from '../../../../shared/defaults.js';
import { TALK_CLOSE, TALK_MAX_MESSAGE_BYTES } from '../../../../shared/types/talk.js';
import type { TalkProblem } from './TalkCall.js';

/** Every text of the Talk panel (issue 20). */
export const TALK_TEXTS = {
  talk: 'Talk',
  title: (agent: string) => `Talk with ${agent}`,
  description:
    'Speak with the agent from this browser. The call is a session like a phone call: it is listed on Sessions.',
  unsavedTitle: 'Talking with your unsaved changes',
  unsavedBody: 'The edits on this page are used for this call only. They are not saved.',
  idleHint: 'Your browser asks for the microphone when you start. Headphones keep the agent from hearing itself.',
  start: 'Start talking',
  highQuality: 'High quality audio',
  highQualityHint: "24 kHz PCM instead of the phone's 8 kHz: not what a caller hears.",
  microphone: 'Waiting for the microphone...',
  microphoneHint: 'Allow the microphone in the prompt your browser shows.',
  connecting: 'Connecting...',
  live: 'Live',
  liveHint: 'Speak now. Talking over the agent interrupts it.',
  level: 'Microphone level',
  hangUp: 'Hang up',
  ended: 'Call ended',
  youHungUp: 'You hung up.',
  openSession: 'Open the session',
  again: 'Talk again',
  tryAgain: 'Try again',
  close: 'Close',
  transcriptEmpty: 'The conversation appears here as you talk.',
  deniedTitle: 'The microphone is blocked',
  deniedHelp:
    "Allow it for this site: click the icon at the left of the address bar (a lock or sliders), set Microphone to Allow, then press Try again. If no prompt ever appeared, check the browser's site settings.",
  noDevice: 'No microphone found. Connect one (or choose one in your system settings), then try again.',
  busyDevice:
    'The microphone is in use by another application, or the system refused it. Close that application, then try again.',
  insecure: 'The browser only offers the microphone on a secure page: open the console over https, or on localhost.',
  microphoneFailed: (detail: string) => `The microphone could not be started: ${detail}`,
  signedOut: 'You are signed out. Sign in again to talk.',
  keyMissing: 'Talk needs an OpenAI API key, or OpenAI refused the session.',
  keyLink: 'Open Settings',
  busy: 'You are already in a call from this browser. Hang up the other call (in another tab or window) first.',
  invalidSettings: 'The unsaved changes cannot be used:',
  tooLarge: (kb: number) =>
    `Your unsaved changes are too large to send with a call (over ${kb} KB). Save them first, then talk: a call sends only the changes that are not saved.`,
  notFound: 'This agent no longer exists, or it is not yours.',
  badFrames: 'The server refused the audio this browser sent.',
  signIn: 'Your sign-in has expired. Sign in again to talk.',
  impersonation: 'You may not talk as this user.',
  lost: 'The connection to the server was lost.',
  closedWith: (code: number) => `The call stopped (code ${code}).`,
} as const;

/** What the panel says about a problem: a main line and, for some, a detail (the server's reason). */
export function problemText(problem: TalkProblem): { message: string; detail?: string } {
  switch (problem.kind) {
    case 'insecure':
      return { message: TALK_TEXTS.insecure };
    case 'denied':
      return { message: TALK_TEXTS.deniedTitle, detail: TALK_TEXTS.deniedHelp };
    case 'no-device':
      return { message: TALK_TEXTS.noDevice };
    case 'busy-device':
      return { message: TALK_TEXTS.busyDevice };
    case 'microphone':
      return { message: TALK_TEXTS.microphoneFailed(problem.detail) };
    case 'signed-out':
      return { message: TALK_TEXTS.signedOut };
    case 'too-large':
      return { message: TOO_LARGE };
    case 'closed':
      return closeText(problem.code, problem.reason);
  }
}

const TOO_LARGE = TALK_TEXTS.tooLarge(TALK_MAX_MESSAGE_BYTES / 1024);

const withReason = (message: string, reason: string) => (reason ? { message, detail: reason } : { message });

/** Each close code of the Talk socket (shared/types/talk.ts TALK_CLOSE, and the console's 4001/4003). */
function closeText(code: number, reason: string): { message: string; detail?: string } {
  switch (code) {
    case TALK_CLOSE.unavailable:
      return withReason(TALK_TEXTS.keyMissing, reason);
    case TALK_CLOSE.tooManyCalls:
      return { message: TALK_TEXTS.busy };
    case TALK_CLOSE.invalidSettings:
      // The reason names the field ('temperature must be between 0.6 and 1.2').
      return { message: `${TALK_TEXTS.invalidSettings} ${reason || 'a field was refused.'}` };
    case TALK_CLOSE.agentNotFound:
      return { message: TALK_TEXTS.notFound };
    case TALK_CLOSE.badFrames:
      return withReason(TALK_TEXTS.badFrames, reason);
    // The console checks the start frame before sending it; this is in case the limits disagree.
    case TALK_CLOSE.messageTooBig:
      return { message: TOO_LARGE };
    case REALTIME.authFailureCloseCode:
      return { message: TALK_TEXTS.signIn };
    // The console's channel answers a refused impersonation with 4003 too.
    case 4003:
      return { message: TALK_TEXTS.impersonation };
    case 1006:
      return { message: TALK_TEXTS.lost };
    default:
      return withReason(TALK_TEXTS.closedWith(code), reason);
  }
}
