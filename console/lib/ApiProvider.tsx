import { createContext, type ReactNode, useContext } from 'react';
import type { ConsoleApi } from './api.js';

const ApiContext = createContext<ConsoleApi | null>(null);

export interface ApiProviderProps {
  api: ConsoleApi;
  children: ReactNode;
}

export function ApiProvider({ api, children }: ApiProviderProps) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The one API client of the console (see lib/api.ts). */
export function useApi(): ConsoleApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used inside <ApiProvider>');
  return api;
}
