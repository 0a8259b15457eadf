import { Badge, Button, DropdownMenu, Flex } from '@radix-ui/themes';
import { useAuth } from '../features/auth/useAuth.js';
import { ChevronDownIcon, LogoutIcon } from '../components/icons.js';
import { useLogout } from './useLogout.js';

/** Wide-screen user area: effective username in a dropdown holding Logout. */
export function UserMenu() {
  const { effectiveUser, isImpersonating } = useAuth();
  const logout = useLogout();
  return (
    <Flex align="center" gap="2">
      {isImpersonating ? (
        <Badge color="orange" variant="soft">
          Impersonating
        </Badge>
      ) : null}
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <Button variant="soft" color="gray" aria-label={`Account menu for ${effectiveUser?.username ?? ''}`}>
            {effectiveUser?.username}
            <ChevronDownIcon />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end">
          <DropdownMenu.Item onSelect={() => void logout()}>
            <LogoutIcon /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </Flex>
  );
}
