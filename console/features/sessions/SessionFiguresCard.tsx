import { Card, DataList, Heading, Text } from '@radix-ui/themes';
import { formatCount, formatMs, formatUsd, NOT_MEASURED } from '../../../shared/format.js';
import type { CallFigures } from '../../../shared/types/session.js';
import { DataRow } from '../../components/DataRow.js';
import { FIGURES_TEXTS } from './sessionTexts.js';

export interface SessionFiguresCardProps {
  /** null or absent: a call from before figures were kept, whose every figure reads '—'. */
  figures: CallFigures | null | undefined;
}

/**
 * A call's review figures (issue 21): turn latency, interruptions, tokens by kind and cost. Cost
 * is the model's usage at the prices in force at the call's start plus a phone call's minutes.
 */
export function SessionFiguresCard({ figures }: SessionFiguresCardProps) {
  const f = figures ?? null;
  const tokens = f?.tokens;
  const pair = (a: number | undefined, b: number | undefined) =>
    f ? `${formatCount(a)} / ${formatCount(b)}` : NOT_MEASURED;
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="3">
        {FIGURES_TEXTS.heading}
      </Heading>
      <DataList.Root orientation="horizontal" size="2" aria-label={FIGURES_TEXTS.heading}>
        <DataRow label={FIGURES_TEXTS.latencyP50} value={formatMs(f?.latencyP50Ms)} />
        <DataRow label={FIGURES_TEXTS.latencyP95} value={formatMs(f?.latencyP95Ms)} />
        <DataRow label={FIGURES_TEXTS.turns} value={formatCount(f?.latencyTurns)} />
        <DataRow label={FIGURES_TEXTS.interruptions} value={formatCount(f?.interruptions)} />
        <DataRow label={FIGURES_TEXTS.inputTokens} value={pair(tokens?.inputText, tokens?.inputAudio)} />
        <DataRow label={FIGURES_TEXTS.cachedTokens} value={pair(tokens?.cachedText, tokens?.cachedAudio)} />
        <DataRow label={FIGURES_TEXTS.outputTokens} value={pair(tokens?.outputText, tokens?.outputAudio)} />
        <DataRow label={FIGURES_TEXTS.modelCost} value={formatUsd(f?.cost.modelUsd)} />
        <DataRow label={FIGURES_TEXTS.telephonyCost} value={formatUsd(f?.cost.telephonyUsd)} />
        <DataRow label={FIGURES_TEXTS.totalCost} value={formatUsd(f?.cost.totalUsd)} />
      </DataList.Root>
      {f?.model ? (
        <Text as="p" size="1" color="gray" mt="3">
          {FIGURES_TEXTS.pricedAs(f.model)}
        </Text>
      ) : null}
    </Card>
  );
}
