import { Card, Flex, Heading, SegmentedControl, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useState } from 'react';
import { ANALYTICS_TEXTS as TEXTS } from './analyticsTexts.js';
import { BarChart, type BarSeries, canDrawCharts } from './BarChart.js';

export interface ChartCardProps {
  title: string;
  /** The table's first column: 'Day' or 'Hour'. */
  labelHeading: string;
  labels: readonly string[];
  series: readonly BarSeries[];
  format: (value: number) => string;
  /** How the chart's axis writes values, when coarser than the table's (default: format). */
  axisFormat?: (value: number) => string;
  whole?: boolean;
}

/**
 * One chart with its heading and a Chart / Table switch: the table holds every number the chart
 * draws, for screen readers and for reading exact values.
 */
export function ChartCard({ title, labelHeading, labels, series, format, axisFormat, whole }: ChartCardProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card size="2" className="sb-chart-card">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="3">
            {title}
          </Heading>
          <SegmentedControl.Root
            size="1"
            value={view}
            onValueChange={(next) => setView(next === 'table' ? 'table' : 'chart')}
            aria-label={`${TEXTS.view}: ${title}`}
          >
            <SegmentedControl.Item value="chart">{TEXTS.chartView}</SegmentedControl.Item>
            <SegmentedControl.Item value="table">{TEXTS.tableView}</SegmentedControl.Item>
          </SegmentedControl.Root>
        </Flex>
        {view === 'chart' && canDrawCharts() ? (
          <BarChart labels={labels} series={series} formatValue={axisFormat ?? format} whole={whole} />
        ) : view === 'chart' ? (
          <Text as="p" size="2" color="gray">
            {TEXTS.noCanvas}
          </Text>
        ) : (
          <div className="sb-chart-table">
            <Table.Root size="1">
              <VisuallyHidden asChild>
                <caption>{title}</caption>
              </VisuallyHidden>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{labelHeading}</Table.ColumnHeaderCell>
                  {series.map((one) => (
                    <Table.ColumnHeaderCell key={one.label} justify="end">
                      {one.label}
                    </Table.ColumnHeaderCell>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {labels.map((label, i) => (
                  <Table.Row key={label}>
                    <Table.RowHeaderCell>{label}</Table.RowHeaderCell>
                    {series.map((one) => (
                      <Table.Cell key={one.label} justify="end">
                        {format(one.values[i] ?? 0)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </div>
        )}
      </Flex>
    </Card>
  );
}
