import { DropdownMenu } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { LogoutIcon } from '../components/icons.js';
import { useLogout } from './useLogout.js';

export interface AccountMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the menu. */
  trigger: ReactElement;
  /**
   * Opened from the keyboard before this menu existed: Radix did not see the key, so focus the
   * first item here, as Radix does for a keyboard opening.
   */
  focusFirstItem?: boolean;
}

/** The account dropdown with Logout; its own chunk, loaded by UserMenu when first reached for. */
export function AccountMenu({ open, onOpenChange, trigger, focusFirstItem = false }: AccountMenuProps) {
  const logout = useLogout();
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        onFocus={(event) => {
          // Radix focuses the content itself on opening; move on to the first item.
          if (focusFirstItem && event.target === event.currentTarget) {
            event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }
        }}
      >
        <DropdownMenu.Item onSelect={() => void logout()}>
          <LogoutIcon /> Logout
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
