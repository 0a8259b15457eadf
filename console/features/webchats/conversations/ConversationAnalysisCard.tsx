import { useRealtime } from '../../../app/RealtimeProvider.js';
import { AnalysisCard } from '../../../components/analysis/AnalysisCard.js';
import { useConversationAnalysis } from '../../../components/analysis/useConversationAnalysis.js';
import { useEffectiveUserId } from '../../../lib/session/useAuth.js';

/** The analysis of a bot's conversation once it went quiet (issue 21 part C). */
export function ConversationAnalysisCard({ conversationId }: { conversationId: string }) {
  const { on } = useRealtime();
  return <AnalysisCard state={useConversationAnalysis('chat', conversationId, useEffectiveUserId(), on)} />;
}
