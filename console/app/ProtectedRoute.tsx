import { Flex, Text } from '@radix-ui/themes';
import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from '../lib/session/useAuth.js';

/** Spec part 1 §2 "Guards": 'Loading...' while auth loads, then /login (replaced) if signed out. */
export function ProtectedRoute() {
  const { status } = useAuth();
  if (status === 'loading') {
    return (
      <Flex align="center" justify="center" p="6" role="status">
        <Text>Loading...</Text>
      </Flex>
    );
  }
  if (status !== 'authenticated') return <Navigate to="/login" replace />;
  return <Outlet />;
}
