import { Card, Grid, Heading, Text } from '@radix-ui/themes';
import type { AnalyticsReport, LatencyBucket } from '../../../shared/types/analytics.js';
import { formatMinutes, formatUsd } from './analyticsFormat.js';
import { ANALYTICS_TEXTS as TEXTS } from './analyticsTexts.js';

const bucketText = (bucket: LatencyBucket | null) =>
  bucket === null ? TEXTS.none : bucket.toMs === null ? `≥ ${bucket.fromMs} ms` : `${bucket.fromMs}–${bucket.toMs} ms`;

function Headline({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card size="2">
      <Text as="div" size="2" color="gray">
        {label}
      </Text>
      <Text as="div" size="6" weight="bold" className="sb-headline-value">
        {value}
      </Text>
      {detail ? (
        <Text as="div" size="1" color="gray">
          {detail}
        </Text>
      ) : null}
    </Card>
  );
}

/** The range's totals above the charts. */
export function AnalyticsHeadlines({ report }: { report: AnalyticsReport }) {
  const { totals, verdicts, latency, feedback } = report;
  const rate = verdicts.successRate === null ? TEXTS.none : `${Math.round(verdicts.successRate * 100)}%`;
  return (
    <section aria-labelledby="analytics-headlines">
      <Heading as="h2" size="3" id="analytics-headlines" className="sb-visually-hidden">
        {TEXTS.headlines}
      </Heading>
      <Grid columns={{ initial: '2', sm: '3', md: '4' }} gap="3">
        <Headline label={TEXTS.calls} value={String(totals.calls)} />
        <Headline label={TEXTS.chats} value={String(totals.chats)} />
        <Headline label={TEXTS.minutes} value={formatMinutes(totals.callSeconds)} />
        <Headline
          label={TEXTS.cost}
          value={formatUsd(totals.costUsd)}
          detail={TEXTS.costDetail(formatUsd(totals.callModelUsd + totals.telephonyUsd), formatUsd(totals.chatCostUsd))}
        />
        <Headline
          label={TEXTS.successRate}
          value={rate}
          detail={TEXTS.successDetail(verdicts.pass, verdicts.fail, verdicts.unclear, verdicts.notAnalysed)}
        />
        <Headline
          label={TEXTS.latency}
          value={`${bucketText(latency.p50)} / ${bucketText(latency.p95)}`}
          detail={TEXTS.latencyDetail(latency.turns)}
        />
        <Headline
          label={TEXTS.feedback}
          value={TEXTS.feedbackValue(feedback.upShare)}
          detail={TEXTS.feedbackDetail(feedback.up, feedback.down)}
        />
      </Grid>
    </section>
  );
}
