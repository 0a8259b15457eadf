export { AgentsPage } from './AgentsPage.js';
export { AgentPage } from './AgentPage.js';
export { agentKeys, useAgent, useAgents } from './api.js';
