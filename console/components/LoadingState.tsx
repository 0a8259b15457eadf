import { Flex, Spinner, Text } from '@radix-ui/themes';

/** A spinner with a text ('Loading agents...'); the text is what screen readers announce. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Flex align="center" justify="center" gap="2" py="6" role="status">
      <Spinner />
      <Text color="gray">{label}</Text>
    </Flex>
  );
}
