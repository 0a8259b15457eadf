import { Badge, Box, Button, Flex, IconButton, Separator, Text, VisuallyHidden } from '@radix-ui/themes';
import { Dialog } from '../components/dialogs.js';
import { CloseIcon, LogoutIcon } from '../components/icons.js';
import { useAuth } from '../lib/session/useAuth.js';
import { NavLinks } from './NavLinks.js';
import { useLogout } from './useLogout.js';

export interface NavDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Narrow-screen menu: a right-hand side sheet. It is a Radix Dialog restyled in theme.css, so
 * Escape closes it, focus is trapped inside and returns to the menu button afterwards.
 */
export function NavDrawer({ open, onOpenChange }: NavDrawerProps) {
  const { effectiveUser, isImpersonating } = useAuth();
  const logout = useLogout();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content className="sb-drawer" aria-describedby={undefined} size="2">
        <VisuallyHidden>
          <Dialog.Title>Menu</Dialog.Title>
        </VisuallyHidden>
        <Flex direction="column" gap="3" height="100%">
          <Flex align="center" justify="between" gap="2">
            <Flex direction="column" gap="1">
              <Text weight="bold" size="3">
                {effectiveUser?.username}
              </Text>
              {isImpersonating ? (
                <Box>
                  <Badge color="orange" variant="soft">
                    Impersonating
                  </Badge>
                </Box>
              ) : null}
            </Flex>
            <Dialog.Close>
              <IconButton variant="ghost" color="gray" aria-label="Close menu">
                <CloseIcon />
              </IconButton>
            </Dialog.Close>
          </Flex>
          <Separator size="4" />
          <nav aria-label="Main">
            <Flex direction="column" gap="1">
              <NavLinks variant="drawer" onNavigate={close} />
            </Flex>
          </nav>
          <Separator size="4" />
          <Button
            variant="ghost"
            color="gray"
            highContrast
            size="3"
            className="sb-drawer-link"
            onClick={() => {
              close();
              void logout();
            }}
          >
            <LogoutIcon /> Logout
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
