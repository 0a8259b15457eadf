import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mountConsole } from '../../console/mountConsole.js';

describe('mountConsole (library entry)', () => {
  it('renders the console into a container and unmounts it', async () => {
    window.history.replaceState(null, '', '/console/agents');
    const container = document.createElement('div');
    document.body.append(container);
    let handle: ReturnType<typeof mountConsole> | undefined;
    await act(async () => {
      handle = mountConsole(container, { basename: '/console', apiBaseUrl: '/api' });
    });
    // Signed out: the protected page sends the visitor to the login form, under the basename.
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(window.location.pathname).toBe('/console/login');
    act(() => handle!.unmount());
    expect(container.childElementCount).toBe(0);
    container.remove();
  });
});
