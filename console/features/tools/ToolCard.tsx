import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { KeyboardEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Tool } from '../../../shared/types/tool.js';

export const NO_DESCRIPTION = 'No description provided';

/** The badge text: the tool's return type, or 'Tool' when it has none (spec part 2 §2). */
export function toolBadge(type: string | null | undefined): string {
  return type?.trim() ? type : 'Tool';
}

/** One tool in the grid; the whole card is a link to its editor. */
export function ToolCard({ tool }: { tool: Tool }) {
  const navigate = useNavigate();
  const href = `/tools/${encodeURIComponent(tool.id)}`;
  const descriptionId = `tool-${tool.id}-description`;
  // Links open on Enter by themselves; Space is added because the card reads as a button too.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === ' ') {
      event.preventDefault();
      navigate(href);
    }
  };
  return (
    <Card asChild size="2" className="sb-tool-card">
      <RouterLink to={href} aria-label={tool.name} aria-describedby={descriptionId} onKeyDown={onKeyDown}>
        <Flex direction="column" gap="2">
          <Flex justify="between" align="start" gap="2">
            <Heading as="h3" size="3" className="sb-line-clamp-2">
              {tool.name}
            </Heading>
            <Badge variant="soft" color="violet">
              {toolBadge(tool.type)}
            </Badge>
          </Flex>
          <Text id={descriptionId} as="p" size="2" color="gray" className="sb-line-clamp-2">
            {tool.description?.trim() ? tool.description : NO_DESCRIPTION}
          </Text>
        </Flex>
      </RouterLink>
    </Card>
  );
}
