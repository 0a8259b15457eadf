import { CheckboxGroup, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { ToolOption } from '../lib/resourceQueries.js';

export interface ToolChoicesProps {
  /** The group's label element (the picker's "Tools" heading). */
  labelledBy: string;
  options: readonly ToolOption[];
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  /** What one checkbox says; the tool's name by default. */
  label?: (tool: ToolOption) => ReactNode;
}

/**
 * The checkboxes of a tool picker (agents, bots): JavaScript tools first, then each MCP server's
 * tools under the server's name (issue 22), every one a checkbox of one group, so Tab and Space
 * work across them as in one list.
 */
export function ToolChoices({ labelledBy, options, value, onChange, disabled, label }: ToolChoicesProps) {
  const js = options.filter((tool) => tool.server === undefined);
  const servers = [...new Set(options.flatMap((tool) => (tool.server === undefined ? [] : [tool.server])))];
  const item = (tool: ToolOption) => (
    <CheckboxGroup.Item key={tool.id} value={tool.id}>
      {label ? label(tool) : tool.name}
    </CheckboxGroup.Item>
  );
  return (
    <CheckboxGroup.Root aria-labelledby={labelledBy} value={value} onValueChange={onChange} disabled={disabled}>
      {js.map(item)}
      {servers.map((server) => (
        <Flex key={server} direction="column" gap="1" role="group" aria-label={`MCP server ${server}`} mt="2">
          <Text as="div" size="1" weight="bold" color="gray">
            MCP · {server}
          </Text>
          {options.filter((tool) => tool.server === server).map(item)}
        </Flex>
      ))}
    </CheckboxGroup.Root>
  );
}
