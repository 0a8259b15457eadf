import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Clicks the page's Delete, then Delete in the confirmation named `dialogName` (an editor's delete flow). */
export async function confirmDelete(user: UserEvent, dialogName: string): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('alertdialog', { name: dialogName });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
}
