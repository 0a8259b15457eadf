/**
 * The preview's test chat (issue 20): what the widget posts for each message, signed in, to the
 * bot's test route, with the page's unsaved settings as they are when the message goes.
 */
import { useMemo, useRef } from 'react';
import type { ChatSendRequest } from '../../../shared/types/chat.js';
import type { WebchatInput } from '../../../shared/types/webchat.js';
import { useApi } from '../../lib/ApiProvider.js';
import { toInput, type WebchatFormValues } from './webchatForm.js';

/** The widget's `testChat.post`: the answer as it came, whatever its status (the widget reads refusals itself). */
export type TestChatPost = (request: ChatSendRequest, signal: AbortSignal) => Promise<Response>;

/** The PUT body of the page's values without the knowledge base: a test chat searches the saved one. */
export function testChatSettings(values: WebchatFormValues): WebchatInput {
  // With the values as their own "saved" copy, toInput leaves the knowledge base out.
  return toInput(values, values);
}

/** The test chat of a saved bot (null for a new one), sending the page's values of the moment. */
export function useTestChatPost(webchatId: string | null, values: WebchatFormValues): TestChatPost | null {
  const api = useApi();
  const latest = useRef(values);
  latest.current = values;
  return useMemo(
    () =>
      webchatId
        ? (request, signal) =>
            api.webchats.testMessage(webchatId, { ...request, settings: testChatSettings(latest.current) }, signal)
        : null,
    [api, webchatId],
  );
}
