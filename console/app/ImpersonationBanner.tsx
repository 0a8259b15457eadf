import { Button, Flex, Text } from '@radix-ui/themes';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../lib/session/useAuth.js';
import { useLeaveGuard } from './UnsavedChangesProvider.js';

/** The orange banner while impersonating (spec part 1 §2): stop → clear → /admin. */
export function ImpersonationBanner() {
  const { impersonation, stopImpersonation } = useAuth();
  const navigate = useNavigate();
  const { confirmLeave, leaveWithoutAsking } = useLeaveGuard();
  if (!impersonation) return null;
  const stop = async () => {
    if (!(await confirmLeave())) return;
    stopImpersonation();
    leaveWithoutAsking(() => navigate('/admin'));
  };
  return (
    <Flex
      className="sb-impersonation-banner"
      role="region"
      aria-label="Impersonation"
      align="center"
      justify="center"
      gap="3"
      px="4"
      py="2"
      wrap="wrap"
    >
      <Text weight="medium">Impersonating: {impersonation.impersonatedUser.username}</Text>
      <Button size="1" variant="solid" color="gray" highContrast onClick={() => void stop()}>
        Stop Impersonating
      </Button>
    </Flex>
  );
}
