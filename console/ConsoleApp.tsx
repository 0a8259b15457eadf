import '@radix-ui/themes/styles.css';
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import './app/theme.css';
import { useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ConsoleRoot } from './app/ConsoleRoot.js';
import { createConsoleApi, DEFAULT_API_BASE_URL } from './lib/api.js';

export interface ConsoleOptions {
  /** Path the console is served under, e.g. `/console`; default `/`. */
  basename?: string;
  /** API base, e.g. `/api` or `https://switchboard.example.com/api`; default `/api`. */
  apiBaseUrl?: string;
}

export type ConsoleAppProps = ConsoleOptions;

/** The whole console with its own router; creates the console's one API client. */
export function ConsoleApp({ basename, apiBaseUrl = DEFAULT_API_BASE_URL }: ConsoleAppProps) {
  const api = useMemo(() => createConsoleApi({ baseUrl: apiBaseUrl }), [apiBaseUrl]);
  return (
    <BrowserRouter {...(basename ? { basename } : {})}>
      <ConsoleRoot api={api} apiBaseUrl={apiBaseUrl} />
    </BrowserRouter>
  );
}
