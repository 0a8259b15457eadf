import { Box, Flex, Link, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AgentTool } from '../../../shared/types/agent.js';
import { FormSection } from '../../components/FormSection.js';
import { SwitchField } from '../../components/SwitchField.js';
import { ToolChoices } from '../../components/ToolChoices.js';
import { toolHref } from '../../components/toolHref.js';
import { useToolOptions } from './api.js';
import type { AgentFormBinding } from './useAgentEditor.js';

export interface AgentToolsSectionProps extends AgentFormBinding {
  /** The agent's tools as loaded: names for ids the tools list does not (yet) have. */
  agentTools: AgentTool[];
}

export function AgentToolsSection({ values, set, disabled, agentTools }: AgentToolsSectionProps) {
  const options = useToolOptions();
  const labelId = useId();
  const known = new Map<string, AgentTool & { server?: string }>();
  for (const tool of [...agentTools, ...(options.data ?? [])]) known.set(tool.id, tool);
  const choices = options.data ?? agentTools;
  const selected = values.toolIds.map((id) => known.get(id) ?? { id, name: id, description: '' });

  return (
    <FormSection title="Tools & Behavior">
      <Flex direction="column" gap="2">
        <Text as="div" size="2" weight="medium" id={labelId}>
          Tools
        </Text>
        {choices.length === 0 ? (
          <Text size="2" color="gray">
            {options.isLoading ? 'Loading tools...' : 'No tools yet. '}
            {options.isLoading ? null : (
              <Link asChild>
                <RouterLink to="/tools">Create a tool</RouterLink>
              </Link>
            )}
          </Text>
        ) : (
          <Box className="sb-agent-tools-box">
            <ToolChoices
              labelledBy={labelId}
              options={choices}
              value={values.toolIds}
              onChange={(ids) => set('toolIds', ids)}
              disabled={disabled}
            />
          </Box>
        )}
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="div" size="2" weight="medium">
          Agent tools
        </Text>
        {selected.length === 0 ? (
          <Text size="2" color="gray">
            No tools
          </Text>
        ) : (
          <Flex asChild direction="column" gap="1">
            <ul aria-label="Agent tools" className="sb-agent-tool-list">
              {selected.map((tool) => (
                <li key={tool.id}>
                  <Link asChild size="2">
                    <RouterLink to={toolHref(tool.id)}>{tool.name}</RouterLink>
                  </Link>
                  {'server' in tool && tool.server ? (
                    <Text size="1" color="gray">
                      {' '}
                      (MCP · {tool.server})
                    </Text>
                  ) : null}
                  {tool.description ? (
                    <Text size="2" color="gray">
                      {' '}
                      — {tool.description}
                    </Text>
                  ) : null}
                </li>
              ))}
            </ul>
          </Flex>
        )}
      </Flex>
      <SwitchField
        label="Agent speaks first"
        checked={values.speakFirst}
        onChange={(v) => set('speakFirst', v)}
        hint="When off, the agent waits for the caller to speak."
        disabled={disabled}
      />
    </FormSection>
  );
}
