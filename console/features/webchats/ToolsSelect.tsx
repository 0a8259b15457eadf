import { Box, Flex, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { WEBCHAT_LIMITS } from '../../../shared/defaults.js';
import { truncate } from '../../../shared/format.js';
import { ToolChoices } from '../../components/ToolChoices.js';
import { useWebchatToolOptions } from './api.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';

export interface ToolsSelectProps {
  value: string[];
  onChange: (ids: string[]) => void;
  disabled: boolean;
}

/** The bot's tools: one checkbox per tool (MCP tools grouped by server), its name and description cut at 50 characters (spec part 2 §2). */
export function ToolsSelect({ value, onChange, disabled }: ToolsSelectProps) {
  const options = useWebchatToolOptions();
  const labelId = useId();
  const tools = options.data ?? [];
  return (
    <Flex direction="column" gap="2">
      <Text as="div" size="2" weight="medium" id={labelId}>
        Tools
      </Text>
      {!options.data ? (
        <Text size="2" color="gray" role="status">
          {WEBCHAT_TEXTS.loadingTools}
        </Text>
      ) : tools.length === 0 ? (
        <Text size="2" color="gray">
          {WEBCHAT_TEXTS.noTools}
        </Text>
      ) : (
        <Box className="sb-webchat-tools-box">
          <ToolChoices
            labelledBy={labelId}
            options={tools}
            value={value}
            onChange={onChange}
            disabled={disabled}
            label={(tool) => (
              <>
                <Text weight="medium">{tool.name}</Text>
                {tool.description ? (
                  <Text color="gray" title={tool.description}>
                    {' — '}
                    {truncate(tool.description, WEBCHAT_LIMITS.cutChars)}
                  </Text>
                ) : null}
              </>
            )}
          />
        </Box>
      )}
    </Flex>
  );
}
