import { useRealtime } from '../../app/RealtimeProvider.js';
import { AnalysisCard } from '../../components/analysis/AnalysisCard.js';
import { useConversationAnalysis } from '../../components/analysis/useConversationAnalysis.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';

/** The post-call analysis of an ended call on its session page (issue 21 part C). */
export function SessionAnalysis({ streamSid }: { streamSid: string }) {
  const { on } = useRealtime();
  return <AnalysisCard state={useConversationAnalysis('call', streamSid, useEffectiveUserId(), on)} />;
}
