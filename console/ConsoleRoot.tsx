import { Theme } from '@radix-ui/themes';
import { SWRConfig } from 'swr';
import { LoadErrorBoundary } from './app/LoadErrorBoundary.js';
import { RealtimeProvider } from './app/RealtimeProvider.js';
import { UnsavedChangesProvider } from './app/UnsavedChangesProvider.js';
import { ToastProvider } from './components/ToastProvider.js';
import { ApiProvider } from './lib/ApiProvider.js';
import { type ConsoleApi, DEFAULT_API_BASE_URL } from './lib/api.js';
import type { WebSocketClass } from './lib/realtime.js';
import { AuthProvider } from './lib/session/AuthProvider.js';
import { AppRoutes } from './routes.js';

export interface ConsoleRootProps {
  api: ConsoleApi;
  /** Base of the API, also used for the real-time URL; default `/api`. */
  apiBaseUrl?: string;
  /** Injected WebSocket class (tests); the browser's by default. */
  WebSocket?: WebSocketClass;
}

/**
 * Everything inside the router: theme, providers and routes. ConsoleApp wraps it in a
 * GuardedRouter on the browser's history; tests use one on a memory history, with a fake fetch and
 * WebSocket.
 */
export function ConsoleRoot({ api, apiBaseUrl = DEFAULT_API_BASE_URL, WebSocket }: ConsoleRootProps) {
  return (
    <Theme accentColor="violet" grayColor="slate" radius="medium" scaling="100%">
      {/* The last resort for the shell's own lazy parts (menus, the leave dialog): never a blank tab. */}
      <LoadErrorBoundary>
        {/* A cache per mounted console: two embedded consoles or two tests never share data. */}
        <SWRConfig value={{ provider: () => new Map(), errorRetryCount: 3 }}>
          <ApiProvider api={api}>
            <AuthProvider>
              <RealtimeProvider apiBaseUrl={apiBaseUrl} {...(WebSocket ? { WebSocket } : {})}>
                <ToastProvider>
                  <UnsavedChangesProvider>
                    <AppRoutes />
                  </UnsavedChangesProvider>
                </ToastProvider>
              </RealtimeProvider>
            </AuthProvider>
          </ApiProvider>
        </SWRConfig>
      </LoadErrorBoundary>
    </Theme>
  );
}
