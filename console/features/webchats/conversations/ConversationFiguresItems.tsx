import { DataList, Text } from '@radix-ui/themes';
import { formatCount, formatMs, formatUsd } from '../../../../shared/format.js';
import type { ConversationFigures } from '../../../../shared/types/history.js';
import { ANSWER_FIGURES_TEXTS as T } from './conversationTexts.js';

/**
 * The conversation header's totals over its kept answers (issue 21), as items of its data list:
 * "—" each when no kept answer has figures (answers from before they were kept).
 */
export function ConversationFiguresItems({ figures }: { figures: ConversationFigures | null }) {
  const tokens = [figures?.inputTokens, figures?.cachedTokens, figures?.outputTokens].map(formatCount).join(' / ');
  return (
    <>
      <Item label={T.totalTokens} value={tokens} />
      <Item label={T.totalCost} value={formatUsd(figures?.costUsd)} />
      <Item label={T.medianFirstToken} value={formatMs(figures?.ttftP50Ms)} />
      <Item label={T.measuredAnswers} value={formatCount(figures?.answers)} />
    </>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value>
        <Text className="sb-figure-value">{value}</Text>
      </DataList.Value>
    </DataList.Item>
  );
}
