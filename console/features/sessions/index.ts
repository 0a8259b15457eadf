export { SessionsPage } from './SessionsPage.js';
export { SessionPage } from './SessionPage.js';
export { sessionKeys, useActiveSessions, useEndedSessions, useSession } from './api.js';
