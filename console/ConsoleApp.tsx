/*
 * Radix Themes piece by piece instead of styles.css, which carries all 31 colour scales (issue 12:
 * about 20 KiB gzip of CSS no page uses). Base tokens, then only the scales the console names, then
 * the components and the utility classes behind layout props. A colour used in a `color=` prop, an
 * accent or a var(--<scale>-N) needs its file here, or it renders without colour.
 */
import '@radix-ui/themes/tokens/base.css';
// grayColor="slate": every gray (color="gray", --gray-N in our CSS) resolves to slate inside the
// theme, so Radix's plain gray.css is not needed.
import '@radix-ui/themes/tokens/colors/slate.css';
// No violet.css for the violet accent: theme.css gives every accent step of violet the brand
// purple, so Radix's own violet values would never be read.
// Errors, destructive buttons, the superadmin badge.
import '@radix-ui/themes/tokens/colors/red.css';
// Impersonation: the banner, the badge, the Impersonate button.
import '@radix-ui/themes/tokens/colors/orange.css';
// Success toasts, the 'You' badge, enabled and connected states.
import '@radix-ui/themes/tokens/colors/green.css';
// Warnings: warning toasts and callouts, the admin badge.
import '@radix-ui/themes/tokens/colors/amber.css';
// Information toasts and callouts, the inbound call badge.
import '@radix-ui/themes/tokens/colors/blue.css';
import '@radix-ui/themes/components.css';
import '@radix-ui/themes/utilities.css';
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import './app/theme.css';
import { useMemo, useState } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import { createGuardedHistory } from './app/createGuardedHistory.js';
import { GuardedRouter } from './app/GuardedRouter.js';
import { ConsoleRoot } from './ConsoleRoot.js';
import { createConsoleApi, DEFAULT_API_BASE_URL } from './lib/api.js';

export interface ConsoleOptions {
  /** Path the console is served under, e.g. `/console`; default `/`. */
  basename?: string;
  /** API base, e.g. `/api` or `https://switchboard.example.com/api`; default `/api`. */
  apiBaseUrl?: string;
}

export type ConsoleAppProps = ConsoleOptions;

/**
 * The whole console with its own router; creates the console's one API client. Not a data router:
 * the editors hold navigation while they have unsaved edits through the guarded history
 * (createGuardedHistory), which costs far less to download than the data router's useBlocker.
 */
export function ConsoleApp({ basename, apiBaseUrl = DEFAULT_API_BASE_URL }: ConsoleAppProps) {
  const api = useMemo(() => createConsoleApi({ baseUrl: apiBaseUrl }), [apiBaseUrl]);
  // v5Compat: pushes and replaces reach the router's listener too, not only Back and Forward.
  const [history] = useState(() => createGuardedHistory(createBrowserHistory({ v5Compat: true })));
  return (
    <GuardedRouter history={history} {...(basename ? { basename } : {})}>
      <ConsoleRoot api={api} apiBaseUrl={apiBaseUrl} />
    </GuardedRouter>
  );
}
