/**
 * The floor order of each root, top to bottom: the one list the dependency test holds the imports
 * to, and what the repository's ARCHITECTURE.md draws. A new folder goes on a floor here in the
 * commit that adds it.
 */
import type { RootLayers } from './layerRules.js';

const PROCESS_FILES = ['start.ts', 'main.ts', 'startServer.ts', 'backup.ts', 'bootstrap.ts'];

export const SERVER_LAYERS: RootLayers = {
  floors: [
    // The process: start.ts builds what is missing and runs main.ts, which starts the server.
    ['start.ts'],
    ['main.ts', 'backup.ts'],
    ['startServer.ts'],
    ['bootstrap.ts'],
    // The composition root, the one Fastify declaration, and the environment read once.
    ['app.ts'],
    ['appTypes.ts'],
    ['config.ts'],
    ['routes/', 'ws/'],
    // The features: one floor, importing each other only along the DAG below.
    [
      'analysis/',
      'chat/',
      'voice/',
      'cluster/',
      'webchats/',
      'agents/',
      'history/',
      'demo/',
      'knowledge/',
      'tools/',
      'auth/',
      'instances/',
      'settings/',
      'pricing/',
      'recordings/',
      'analytics/',
      'webhooks/',
    ],
    ['db/'],
    ['llm/', 'twilio/', 'sandbox/', 'crawl/', 'http/', 'openapi/', 'mcp/'],
    ['net/', 'crypto/', 'realtime/'],
    ['core/'],
  ],
  // The feature DAG: engines use the features they run on, never the other way round.
  sideways: {
    // analysis/ → settings/: an analysis runs with its owner's OpenAI key.
    // analysis/ → webhooks/: a finished analysis is announced (issue 22).
    'analysis/': ['settings/', 'webhooks/'],
    'chat/': ['settings/', 'tools/', 'webchats/'],
    // voice/ → agents/: placing a call answers 404 with the agents' own 'Agent not found' text.
    // voice/ and history/ → pricing/: a call's figures carry its cost (issue 21).
    // voice/ → recordings/: a call records itself into the store (issue 21).
    // voice/ → webhooks/: a call's start and end are announced (issue 22).
    'voice/': ['settings/', 'tools/', 'instances/', 'agents/', 'pricing/', 'recordings/', 'webhooks/'],
    'cluster/': ['auth/', 'voice/'],
    'webchats/': ['knowledge/'],
    'agents/': ['settings/'],
    // history/ → webchats/: a bot's conversations answer 404 with the bots' own 'Bot not found' text.
    'history/': ['webchats/', 'pricing/'],
    // analytics/ → pricing/: the page's costs are the sessions' own, summed.
    'analytics/': ['pricing/'],
    // webhooks/ → pricing/, recordings/: a call event carries its cost and a link to its recording.
    'webhooks/': ['pricing/', 'recordings/'],
  },
  importedOnlyBy: {
    'config.ts': [...PROCESS_FILES, 'app.ts', 'appTypes.ts'],
    'appTypes.ts': [],
  },
};

export const CONSOLE_LAYERS: RootLayers = {
  floors: [
    // The entry, the mount, the providers, the shell, the route table.
    ['main.tsx'],
    ['mountConsole.tsx'],
    ['ConsoleApp.tsx'],
    ['ConsoleRoot.tsx'],
    ['routes.tsx'],
    [
      'features/admin/',
      'features/agents/',
      'features/analytics/',
      'features/auth/',
      'features/integrations/',
      'features/sessions/',
      'features/settings/',
      'features/tools/',
      'features/webchats/',
    ],
    ['app/'],
    ['components/'],
    ['lib/'],
  ],
};

export const WIDGET_LAYERS: RootLayers = {
  floors: [
    ['index.ts'],
    ['mount.tsx'],
    ['components/'],
    ['models/'],
    ['texts.ts', 'theme.ts', 'fetchPublicWebchat.ts'],
    ['chat/', 'markdown/', 'readAppearance.ts', 'readLeadForm.ts'],
    // The page's localStorage, kept safe to touch: under the conversation store and the ad's memory.
    ['pageStorage.ts'],
    // Read by the build (vite.config.widget.ts) and its test only, never by the widget's code.
    ['shortPropertyNames.ts'],
  ],
};

export const SHARED_LAYERS: RootLayers = {
  floors: [
    // The typed API client, then what console, widget and server share by value, then the wire types.
    ['api/'],
    [
      'protocol.ts',
      'roles.ts',
      'usernames.ts',
      'format.ts',
      'knowledge.ts',
      'limits.ts',
      'template.ts',
      'errors.ts',
      'realtimeToken.ts',
      'markdown/',
      'mixedScript.ts',
      'unsafeCharacters.ts',
      'allowedSites.ts',
      'recrawl.ts',
    ],
    ['defaults.ts', 'types/'],
    // Lead capture's form and checks (issue 25), and keypad and voicemail's settings (issue 23),
    // which the wire types name.
    ['leadCapture.ts', 'callHandling.ts'],
    // Leaves that import nothing: the one event-stream parser, the one plain-object check, the one address pattern.
    ['sse/', 'isPlainObject.ts', 'emailAddress.ts'],
  ],
  sideways: {
    // analysis/ → settings/: an analysis runs with its owner's OpenAI key.
    'analysis/': ['settings/'],
    'usernames.ts': ['mixedScript.ts', 'unsafeCharacters.ts'],
    // The spec's defaults and the wire types derive from each other by type only: an agent's
    // voice is one of the voices defaults.ts lists, a bot's default appearance is an Appearance.
    'defaults.ts': ['types/'],
    'types/': ['defaults.ts'],
  },
};
