import { Box, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { TextInput } from '../../components/TextInput.js';
import { useApi } from '../../lib/ApiProvider.js';
import { login } from '../../lib/session/api.js';
import { useAuth } from '../../lib/session/useAuth.js';

/** Login screen (spec part 1 §2 "Login screen", §8 sign-in texts). */
export function LoginPage() {
  useDocumentTitle('Login');
  const api = useApi();
  const auth = useAuth();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (auth.status === 'loading') return <Text>Loading...</Text>;
  if (auth.status === 'authenticated') return <Navigate to="/" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The inputs are `required`; this also covers browsers and tests that skip native checks.
    if (!username || !password || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const result = await login(api, username, password);
      if (result.success) {
        auth.signIn(result.token, result.user);
        setUsername('');
        setPassword('');
        navigate('/', { replace: true });
        return;
      }
      setError(result.error || 'Login failed');
    } catch (caught) {
      setError((caught instanceof Error && caught.message) || 'An unexpected error occurred');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Flex className="sb-login" align="center" justify="center" p="4">
      <Card size="4" className="sb-login-card">
        <form onSubmit={submit} aria-labelledby="login-title">
          <Flex direction="column" gap="4">
            <Box>
              <Text as="div" size="2" weight="bold" className="sb-logo" mb="2">
                Switchboard
              </Text>
              <Heading as="h1" id="login-title" size="6">
                Login
              </Heading>
            </Box>
            {error ? <ErrorCallout>{error}</ErrorCallout> : null}
            <TextInput
              label="Username"
              value={username}
              onChange={setUsername}
              required
              autoFocus
              autoComplete="username"
              disabled={submitting}
            />
            <TextInput
              label="Password"
              type="password"
              value={password}
              onChange={setPassword}
              required
              autoComplete="current-password"
              disabled={submitting}
            />
            <Button type="submit" size="3" disabled={submitting}>
              {submitting ? 'Logging in...' : 'Login'}
            </Button>
          </Flex>
        </form>
      </Card>
    </Flex>
  );
}
