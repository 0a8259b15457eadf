import { CheckboxGroup, Flex, Link, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AGENT_LIMITS } from '../../../shared/defaults.js';
import { FormSection } from '../../components/FormSection.js';
import { useKnowledgeBots } from './api.js';
import type { AgentFormBinding } from './useAgentEditor.js';

const TEXTS = {
  title: 'Knowledge',
  description: `Bots whose knowledge base this agent can search during a call (search_knowledge): it looks up what its instructions do not say and answers from the passages found. Up to ${AGENT_LIMITS.maxKnowledgeBots} bots.`,
  label: 'Knowledge bases',
  loading: 'Loading bots...',
  failed: 'Bots could not be loaded.',
  none: 'No bot has a knowledge base yet. ',
  addKnowledge: 'Add knowledge to a bot',
  pages: (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`,
};

/** The bots whose knowledge the agent searches (issue 24): a checkbox per bot with selected pages. */
export function AgentKnowledgeSection({ values, set, disabled }: AgentFormBinding) {
  const bots = useKnowledgeBots();
  const labelId = useId();
  const chosen = values.knowledgeBots;
  const known = new Set((bots.data ?? []).map((bot) => bot.id));
  const full = chosen.filter((id) => known.has(id)).length >= AGENT_LIMITS.maxKnowledgeBots;

  const list = () => {
    if (bots.error)
      return (
        <Text size="2" color="red">
          {TEXTS.failed}
        </Text>
      );
    if (!bots.data)
      return (
        <Text size="2" color="gray">
          {TEXTS.loading}
        </Text>
      );
    if (bots.data.length === 0)
      return (
        <Text size="2" color="gray">
          {TEXTS.none}
          <Link asChild>
            <RouterLink to="/webchats">{TEXTS.addKnowledge}</RouterLink>
          </Link>
        </Text>
      );
    return (
      <CheckboxGroup.Root
        aria-labelledby={labelId}
        value={chosen}
        // A bot deleted since the agent was saved is dropped with the next change.
        onValueChange={(ids) =>
          set(
            'knowledgeBots',
            ids.filter((id) => known.has(id)),
          )
        }
        disabled={disabled}
      >
        {bots.data.map((bot) => (
          <CheckboxGroup.Item key={bot.id} value={bot.id} disabled={full && !chosen.includes(bot.id)}>
            {bot.name}{' '}
            <Text color="gray" size="1">
              ({TEXTS.pages(bot.selectedPages)})
            </Text>
          </CheckboxGroup.Item>
        ))}
      </CheckboxGroup.Root>
    );
  };

  return (
    <FormSection title={TEXTS.title} description={TEXTS.description}>
      <Flex direction="column" gap="2">
        <Text as="div" size="2" weight="medium" id={labelId}>
          {TEXTS.label}
        </Text>
        {list()}
      </Flex>
    </FormSection>
  );
}
