import { DataList, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export interface DataRowProps {
  label: ReactNode;
  /** A text value, set in tabular figures so columns of numbers line up. */
  value?: string;
  /** A value that is more than text (a link, a badge); used instead of `value`. */
  children?: ReactNode;
  /** The class of a text value (default `sb-tabular`). */
  valueClassName?: string;
}

/** One label and value of a Radix DataList (the session and conversation cards). */
export function DataRow({ label, value, children, valueClassName = 'sb-tabular' }: DataRowProps) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value>{children ?? <Text className={valueClassName}>{value}</Text>}</DataList.Value>
    </DataList.Item>
  );
}
