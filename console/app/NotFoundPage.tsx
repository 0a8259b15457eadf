import { Link as RouterLink } from 'react-router-dom';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';

/** Unknown paths, and pages that later steps have not plugged in yet (see routes.tsx). */
export function NotFoundPage() {
  return (
    <Flex direction="column" align="center" gap="3" py="9">
      <Heading as="h1" size="7">
        Not Found
      </Heading>
      <Text color="gray">The page you are looking for does not exist.</Text>
      <Button asChild variant="soft">
        <RouterLink to="/">Back to the console</RouterLink>
      </Button>
    </Flex>
  );
}
