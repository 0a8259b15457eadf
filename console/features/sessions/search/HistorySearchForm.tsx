import { Box, Button, Flex, Grid, Text } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import type { HistoryKindFilter } from '../../../../shared/types/history.js';
import { ChevronDownIcon, SearchIcon } from '../../../components/icons.js';
import { SelectField } from '../../../components/SelectField.js';
import { TextInput } from '../../../components/TextInput.js';
import type { BotName } from './api.js';
import {
  EMPTY_FORM,
  type FeedbackChoice,
  paramsFromForm,
  type SearchForm,
  type SuccessFilter,
} from './searchParams.js';
import { SEARCH_TEXTS } from './searchTexts.js';

export interface HistorySearchFormProps {
  /** The search in the address; the form starts from it and follows it (Back, a shared link). */
  initial: SearchForm;
  agents: ReadonlyMap<string, string>;
  bots: readonly BotName[];
  onSearch: (form: SearchForm) => void;
}

/** How many filters are set besides the words. */
const filtersSet = (form: SearchForm) => [...paramsFromForm({ ...form, q: '' }).keys()].length;

/**
 * Words, then the filters behind a Filters button (open when the address sets one), so the
 * Sessions page's own tables stay near the top. Enter in any field searches.
 */
export function HistorySearchForm({ initial, agents, bots, onSearch }: HistorySearchFormProps) {
  const [form, setForm] = useState<SearchForm>(initial);
  const [filtersOpen, setFiltersOpen] = useState(filtersSet(initial) > 0);
  const initialKey = paramsFromForm(initial).toString();
  const [shownKey, setShownKey] = useState(initialKey);
  // The address changed under the form (Back, a link): show what it asks for.
  if (shownKey !== initialKey) {
    setShownKey(initialKey);
    setForm(initial);
    if (filtersSet(initial) > 0) setFiltersOpen(true);
  }
  const set = <K extends keyof SearchForm>(key: K, value: SearchForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const sources = [
    { value: 'any', label: SEARCH_TEXTS.anySource },
    ...[...agents].map(([id, name]) => ({ value: `agent:${id}`, label: `${SEARCH_TEXTS.agentPrefix}: ${name}` })),
    ...bots.map((bot) => ({ value: `bot:${bot.id}`, label: `${SEARCH_TEXTS.botPrefix}: ${bot.name}` })),
  ];
  // A filter named in the address whose agent or bot is not (yet) listed still shows as chosen.
  if (!sources.some((source) => source.value === form.source))
    sources.push({ value: form.source, label: form.source.replace(':', ': ') });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(form);
  };
  const count = filtersSet(form);

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for the supported browsers; role=search on the form says the same.
    <form role="search" aria-label={SEARCH_TEXTS.heading} onSubmit={submit} noValidate>
      <Flex direction="column" gap="3">
        <Flex gap="3" align="end" wrap="wrap">
          <Box flexGrow="1" minWidth="14rem">
            <TextInput
              type="search"
              label={SEARCH_TEXTS.words}
              value={form.q}
              onChange={(q) => set('q', q)}
              placeholder={SEARCH_TEXTS.wordsPlaceholder}
            />
          </Box>
          <Flex gap="2" wrap="wrap">
            <Button
              type="button"
              variant="soft"
              color="gray"
              aria-expanded={filtersOpen}
              aria-controls="sb-search-filters"
              onClick={() => setFiltersOpen(!filtersOpen)}
            >
              {count > 0 ? SEARCH_TEXTS.filtersCount(count) : SEARCH_TEXTS.filters}
              <ChevronDownIcon style={{ transform: filtersOpen ? 'rotate(180deg)' : undefined }} />
            </Button>
            {initialKey !== '' ? (
              <Button
                type="button"
                variant="soft"
                color="gray"
                onClick={() => {
                  setForm(EMPTY_FORM);
                  onSearch(EMPTY_FORM);
                }}
              >
                {SEARCH_TEXTS.clear}
              </Button>
            ) : null}
            <Button type="submit">
              <SearchIcon /> {SEARCH_TEXTS.search}
            </Button>
          </Flex>
        </Flex>
        <Text size="1" color="gray">
          {SEARCH_TEXTS.wordsHint}
        </Text>
        {filtersOpen ? (
          <Grid id="sb-search-filters" columns={{ initial: '1', xs: '2', md: '3', lg: '4' }} gap="3" align="end">
            <SelectField<HistoryKindFilter>
              label={SEARCH_TEXTS.kind}
              value={form.kind}
              options={(['all', 'calls', 'chats'] as const).map((value) => ({
                value,
                label: SEARCH_TEXTS.kinds[value],
              }))}
              onChange={(kind) => set('kind', kind)}
            />
            <SelectField
              label={SEARCH_TEXTS.source}
              value={form.source}
              options={sources}
              onChange={(source) => set('source', source)}
            />
            <TextInput
              type="tel"
              label={SEARCH_TEXTS.phone}
              value={form.phone}
              onChange={(phone) => set('phone', phone)}
              placeholder="+1 415 555 0100"
            />
            <TextInput type="date" label={SEARCH_TEXTS.from} value={form.from} onChange={(from) => set('from', from)} />
            <TextInput type="date" label={SEARCH_TEXTS.to} value={form.to} onChange={(to) => set('to', to)} />
            <SelectField<SuccessFilter>
              label={SEARCH_TEXTS.success}
              value={form.success}
              options={(['any', 'pass', 'fail'] as const).map((value) => ({
                value,
                label: SEARCH_TEXTS.successes[value],
              }))}
              onChange={(success) => set('success', success)}
            />
            <SelectField<FeedbackChoice>
              label={SEARCH_TEXTS.feedback}
              value={form.feedback}
              options={(['all', 'any', 'down', 'up', 'comment'] as const).map((value) => ({
                value,
                label: SEARCH_TEXTS.feedbacks[value],
              }))}
              onChange={(feedback) => set('feedback', feedback)}
            />
          </Grid>
        ) : null}
      </Flex>
    </form>
  );
}
