import type { SuccessResponse } from '../types/api.js';
import type { ChatSendRequest, ConversationHandoff, OperatorMessageResponse } from '../types/chat.js';
import type { Demo, IntegrationScriptResponse, Webchat, WebchatInput } from '../types/webchat.js';
import type { RawRequest, Request } from './request.js';
import { resourceApi } from './resourceApi.js';

/**
 * The owner's test message (issue 20): a message as the widget sends it, with the bot page's
 * unsaved settings (a PUT body without the knowledge base).
 */
export interface TestChatRequest extends ChatSendRequest {
  settings?: WebchatInput;
}

const conversationPath = (webchatId: string, conversationId: string) =>
  `/webchats/${encodeURIComponent(webchatId)}/conversations/${encodeURIComponent(conversationId)}`;

/** Web chat bots and their demos (spec part 2 §7), and the owner's test chat. */
export function webchatsApi(request: Request, raw: RawRequest) {
  return {
    ...resourceApi<Webchat, WebchatInput, WebchatInput>(request, '/webchats', 'PUT'),
    demos: (webchatId: string) => request<Demo[]>('GET', '/webchats/get-demos', { query: { webchatId } }),
    createDemo: (webchatId: string, link: string) =>
      request<Demo>('POST', '/webchats/create-demo', { body: { link, webchatId } }),
    deleteDemo: (demoId: string) => request<SuccessResponse>('DELETE', '/webchats/delete-demo', { body: { demoId } }),
    /** Answered as a `text/event-stream` like the widget's public route; the Response whatever its status. */
    testMessage: (webchatId: string, body: TestChatRequest, signal?: AbortSignal) =>
      raw('POST', `/webchats/${encodeURIComponent(webchatId)}/test-messages`, {
        body,
        ...(signal ? { signal } : {}),
      }),
    /** Chat take-over (issue 23): the operator holds a visitor's conversation, writes in it, hands it back. */
    takeOver: (webchatId: string, conversationId: string) =>
      request<ConversationHandoff>('POST', `${conversationPath(webchatId, conversationId)}/take-over`),
    handBack: (webchatId: string, conversationId: string) =>
      request<ConversationHandoff>('POST', `${conversationPath(webchatId, conversationId)}/hand-back`),
    operatorMessage: (webchatId: string, conversationId: string, text: string) =>
      request<OperatorMessageResponse>('POST', `${conversationPath(webchatId, conversationId)}/operator-messages`, {
        body: { text },
      }),
    integrationScript: (webchatId: string) =>
      request<IntegrationScriptResponse>('GET', '/webchats/integration-script', { query: { webchatId } }),
  };
}
