import type { Agent, AgentPatch, KnowledgeBotChoice } from '../types/agent.js';
import type {
  AssociateResponse,
  AssociationsResponse,
  MakeCallRequest,
  MakeCallResponse,
  PhoneNumbersResponse,
  SuccessResponse,
} from '../types/api.js';
import type { Request } from './request.js';
import { resourceApi } from './resourceApi.js';

const enc = encodeURIComponent;

/** Agents, phone numbers and calls (spec part 1 §7). */
export function agentsApi(request: Request) {
  return {
    ...resourceApi<Agent, { name: string }, AgentPatch>(request, '/agents', 'PATCH'),
    create: (name: string) => request<Agent>('POST', '/agents', { body: { name } }),
    /** The user's bots with knowledge an agent can search (issue 24). */
    knowledgeBots: () => request<KnowledgeBotChoice[]>('GET', '/agents/knowledge-bots'),
  };
}

export function phoneApi(request: Request) {
  return {
    numbers: () => request<PhoneNumbersResponse>('GET', '/twilio/get-all-phone-numbers'),
    makeCall: (body: MakeCallRequest) => request<MakeCallResponse>('POST', '/twilio/make-call', { body }),
    associations: () => request<AssociationsResponse>('GET', '/phone-associations'),
    associate: (phoneNumber: string, agentId: string) =>
      request<AssociateResponse>('POST', '/phone-associations', { body: { phoneNumber, agentId } }),
    dissociate: (phoneNumber: string) => request<SuccessResponse>('DELETE', `/phone-associations/${enc(phoneNumber)}`),
  };
}
