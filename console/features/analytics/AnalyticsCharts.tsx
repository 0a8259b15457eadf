import { Grid, Text } from '@radix-ui/themes';
import type { AnalyticsReport } from '../../../shared/types/analytics.js';
import { axisUsd, formatUsd, hourLabel, shortDate } from './analyticsFormat.js';
import { ANALYTICS_TEXTS as TEXTS } from './analyticsTexts.js';
import { ChartCard } from './ChartCard.js';

/** Radix's indigo 9 and teal 9: canvas takes colours, not CSS variables. */
const CALLS_COLOR = '#3e63dd';
const CHATS_COLOR = '#12a594';
const whole = (value: number) => String(Math.round(value));
const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toString();

/** The four charts of the range, each with its table. */
export function AnalyticsCharts({ report }: { report: AnalyticsReport }) {
  const { days } = report;
  const labels = days.map((day) => shortDate(day.date));
  const C = TEXTS.charts;
  return (
    <Grid columns={{ initial: '1', md: '2' }} gap="3">
      <ChartCard
        title={C.sessions.title}
        labelHeading={TEXTS.day}
        labels={labels}
        series={[
          { label: C.sessions.calls, values: days.map((day) => day.calls), color: CALLS_COLOR },
          { label: C.sessions.chats, values: days.map((day) => day.chats), color: CHATS_COLOR },
        ]}
        format={whole}
        whole
      />
      <ChartCard
        title={C.minutes.title}
        labelHeading={TEXTS.day}
        labels={labels}
        series={[{ label: C.minutes.minutes, values: days.map((day) => day.callSeconds / 60), color: CALLS_COLOR }]}
        format={oneDecimal}
      />
      <ChartCard
        title={C.cost.title}
        labelHeading={TEXTS.day}
        labels={labels}
        series={[
          { label: C.cost.calls, values: days.map((day) => day.callCostUsd), color: CALLS_COLOR },
          { label: C.cost.chats, values: days.map((day) => day.chatCostUsd), color: CHATS_COLOR },
        ]}
        format={formatUsd}
        axisFormat={axisUsd}
      />
      <ChartCard
        title={C.hours.title}
        labelHeading={C.hours.hour}
        labels={report.hours.map((_, hour) => hourLabel(hour))}
        series={[{ label: C.hours.sessions, values: report.hours, color: CALLS_COLOR }]}
        format={whole}
        whole
      />
      <Text as="p" size="1" color="gray" className="sb-analytics-note">
        {TEXTS.testChatsNote} {TEXTS.zoneNote(report.tz)}
        {report.unpricedModels.length > 0 ? ` ${TEXTS.unpriced(report.unpricedModels.join(', '))}` : ''}
      </Text>
    </Grid>
  );
}
