/** Library entry: embed the console in another page. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp, type ConsoleOptions } from './ConsoleApp.js';

export { ConsoleApp, type ConsoleAppProps, type ConsoleOptions } from './ConsoleApp.js';

export interface ConsoleHandle {
  unmount(): void;
}

/** Renders the console into `container`; `unmount()` removes it and closes its connection. */
export function mountConsole(container: HTMLElement, options: ConsoleOptions = {}): ConsoleHandle {
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <ConsoleApp {...options} />
    </StrictMode>,
  );
  return { unmount: () => root.unmount() };
}
