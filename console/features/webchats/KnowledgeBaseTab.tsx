import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { FormSection } from '../../components/FormSection.js';
import { TextInput } from '../../components/TextInput.js';

/**
 * Knowledge Base (spec part 2 §2). Interim: the next step (issue 9) replaces this whole component
 * with crawling, selection and summaries; until then its fields are shown disabled.
 */
export function KnowledgeBaseTab() {
  return (
    <Flex direction="column" gap="4">
      <Callout.Root color="blue" role="status">
        <Callout.Text>Crawling websites into a knowledge base arrives in the next step. The fields below are not active yet.</Callout.Text>
      </Callout.Root>
      <FormSection title="Website">
        <Flex gap="3" align="end" wrap="wrap">
          <div style={{ flexGrow: 1 }}>
            <TextInput label="Website URL" value="" onChange={() => undefined} placeholder="https://example.com" disabled />
          </div>
          <Button type="button" disabled>
            Crawl Website
          </Button>
        </Flex>
        <Text size="2" color="gray">
          Crawled URLs (0/0)
        </Text>
        <Flex gap="2" wrap="wrap">
          <Button type="button" variant="soft" disabled>
            Summarize Content
          </Button>
          <Button type="button" variant="soft" disabled>
            Copy Selected Content
          </Button>
        </Flex>
      </FormSection>
      <FormSection title="Summary">
        <Text size="2" color="gray">
          No summary yet.
        </Text>
        <Button type="button" variant="soft" disabled style={{ alignSelf: 'start' }}>
          Copy Summary
        </Button>
      </FormSection>
    </Flex>
  );
}
