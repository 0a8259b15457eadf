import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { ChunkLoadError } from './ChunkLoadError.js';

export const LOAD_ERROR_TEXTS = {
  chunkTitle: 'This page could not be loaded',
  chunkDescription: 'Switchboard may have been updated since this tab was opened. Reload to get the new version.',
  crashTitle: 'Something went wrong',
  crashDescription: 'This page stopped working. Reloading usually brings it back.',
  reload: 'Reload',
} as const;

export interface LoadErrorScreenProps {
  error: unknown;
}

/** What shows in place of a page (or the whole console) that failed, with the one way out: reload. */
export function LoadErrorScreen({ error }: LoadErrorScreenProps) {
  const chunk = error instanceof ChunkLoadError;
  return (
    <Flex direction="column" align="center" gap="3" py="9" px="3" role="alert">
      <Heading as="h1" size="7" align="center">
        {chunk ? LOAD_ERROR_TEXTS.chunkTitle : LOAD_ERROR_TEXTS.crashTitle}
      </Heading>
      <Text as="p" color="gray" align="center">
        {chunk ? LOAD_ERROR_TEXTS.chunkDescription : LOAD_ERROR_TEXTS.crashDescription}
      </Text>
      <Button mt="2" onClick={() => window.location.reload()}>
        {LOAD_ERROR_TEXTS.reload}
      </Button>
    </Flex>
  );
}
