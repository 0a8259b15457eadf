import { Theme } from '@radix-ui/themes';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AvatarField } from '../../console/features/webchats/AvatarField.js';

const JPEG = 'data:image/jpeg;base64,/9j/4AAQ';

describe('avatar field', () => {
  it('resizes the chosen image and keeps the result; Remove clears it', async () => {
    const onChange = vi.fn();
    const resize = vi.fn(async () => JPEG);
    const user = userEvent.setup();
    const { rerender } = render(
      createElement(Theme, null, createElement(AvatarField, { value: null, onChange, resize })),
    );
    expect(screen.getByText('No avatar')).toBeTruthy();
    const file = new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Avatar image file'), file);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(JPEG));
    expect(resize).toHaveBeenCalledWith(file);
    rerender(createElement(Theme, null, createElement(AvatarField, { value: JPEG, onChange, resize })));
    expect(screen.getByRole('img', { name: 'Current avatar' }).getAttribute('src')).toBe(JPEG);
    await user.click(screen.getByRole('button', { name: 'Remove Avatar' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('keeps the avatar when the browser has no canvas (resize answers null) and says when a file is unreadable', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      createElement(Theme, null, createElement(AvatarField, { value: null, onChange, resize: async () => null })),
    );
    await user.upload(screen.getByLabelText('Avatar image file'), new File(['x'], 'a.png', { type: 'image/png' }));
    expect(onChange).not.toHaveBeenCalled();
    const failing = async () => {
      throw new Error('not an image');
    };
    rerender(createElement(Theme, null, createElement(AvatarField, { value: null, onChange, resize: failing })));
    await user.upload(screen.getByLabelText('Avatar image file'), new File(['x'], 'a.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This file could not be read as an image.');
  });
});
