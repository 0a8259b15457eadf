import { Box, Flex } from '@radix-ui/themes';
import { SelectField } from '../../components/SelectField.js';
import { TextInput } from '../../components/TextInput.js';
import type { AnalyticsChoice, RangePreset } from './analyticsRange.js';
import { RANGE_PRESETS } from './analyticsRange.js';
import { ANALYTICS_TEXTS as TEXTS } from './analyticsTexts.js';
import type { SourceNames } from './api.js';

export interface AnalyticsFiltersProps {
  choice: AnalyticsChoice;
  sources: SourceNames | undefined;
  onChange: (choice: AnalyticsChoice) => void;
  /** Shown under the dates when they are out of order. */
  rangeError: string | undefined;
}

/** The range (a preset or two dates) and the agent or bot; each change asks again at once. */
export function AnalyticsFilters({ choice, sources, onChange, rangeError }: AnalyticsFiltersProps) {
  const options = [
    { value: 'all', label: TEXTS.allSources },
    ...(sources?.agents ?? []).map((agent) => ({
      value: `agent:${agent.id}`,
      label: `${TEXTS.agentPrefix}: ${agent.name}`,
    })),
    ...(sources?.bots ?? []).map((bot) => ({ value: `bot:${bot.id}`, label: `${TEXTS.botPrefix}: ${bot.name}` })),
  ];
  // A choice in the address whose agent or bot is not (yet) listed still shows as chosen.
  if (!options.some((option) => option.value === choice.source))
    options.push({ value: choice.source, label: choice.source.replace(':', ': ') });
  return (
    <Flex gap="3" align="start" wrap="wrap">
      <Box minWidth="12rem" flexGrow={{ initial: '1', sm: '0' }}>
        <SelectField<RangePreset>
          label={TEXTS.range}
          value={choice.preset}
          options={RANGE_PRESETS.map((preset) => ({ value: preset, label: TEXTS.presets[preset] }))}
          onChange={(preset) => onChange({ ...choice, preset })}
        />
      </Box>
      {choice.preset === 'custom' ? (
        <>
          <Box minWidth="10rem" flexGrow={{ initial: '1', sm: '0' }}>
            <TextInput
              type="date"
              label={TEXTS.from}
              value={choice.from}
              onChange={(from) => onChange({ ...choice, from })}
              error={rangeError}
            />
          </Box>
          <Box minWidth="10rem" flexGrow={{ initial: '1', sm: '0' }}>
            <TextInput type="date" label={TEXTS.to} value={choice.to} onChange={(to) => onChange({ ...choice, to })} />
          </Box>
        </>
      ) : null}
      <Box minWidth="14rem" flexGrow="1" maxWidth={{ sm: '24rem' }}>
        <SelectField
          label={TEXTS.source}
          value={choice.source}
          options={options}
          onChange={(source) => onChange({ ...choice, source })}
        />
      </Box>
    </Flex>
  );
}
