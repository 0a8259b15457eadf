import { Badge, Button, Flex } from '@radix-ui/themes';
import { type KeyboardEvent, Suspense, useState } from 'react';
import { ChevronDownIcon } from '../components/icons.js';
import { useAuth } from '../lib/session/useAuth.js';
import { lazyComponent } from './lazyComponent.js';
import { useOpenedOnce } from './useOpenedOnce.js';

// Radix's menu machinery (about 13 KiB gzip) is only needed once someone opens the menu (issue 12).
const Menu = lazyComponent(() => import('./AccountMenu.js').then((m) => m.AccountMenu));

/** What the real trigger says about the closed menu, for the look-alike. */
const CLOSED = { 'aria-haspopup': 'menu', 'aria-expanded': false } as const;

/**
 * Wide-screen user area: effective username in a dropdown holding Logout. Until the menu is first
 * opened the button is a look-alike: pointing at it or focusing it fetches the menu, pressing it
 * (or Enter, Space or ArrowDown, as on the real trigger) opens it as soon as it has arrived.
 */
export function UserMenu() {
  const { effectiveUser, isImpersonating } = useAuth();
  const [open, setOpen] = useState(false);
  const [byKeyboard, setByKeyboard] = useState(false);
  const mounted = useOpenedOnce(open);
  const label = `Account menu for ${effectiveUser?.username ?? ''}`;
  const button = (props: object = {}) => (
    <Button variant="soft" color="gray" aria-label={label} {...props}>
      {effectiveUser?.username}
      <ChevronDownIcon />
    </Button>
  );
  // The keys that open Radix's trigger.
  const openFromKeyboard = (event: KeyboardEvent) => {
    if (!['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
    event.preventDefault();
    setByKeyboard(true);
    setOpen(true);
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setByKeyboard(false);
  };
  return (
    <Flex align="center" gap="2">
      {isImpersonating ? (
        <Badge color="orange" variant="soft">
          Impersonating
        </Badge>
      ) : null}
      {mounted ? (
        <Suspense fallback={button(CLOSED)}>
          {/* The real trigger: Radix sets its aria-expanded and aria-haspopup itself. */}
          <Menu.Component open={open} onOpenChange={onOpenChange} trigger={button()} focusFirstItem={byKeyboard} />
        </Suspense>
      ) : (
        button({ ...CLOSED, ...Menu.opener, onClick: () => setOpen(true), onKeyDown: openFromKeyboard })
      )}
    </Flex>
  );
}
