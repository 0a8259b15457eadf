import { Flex, IconButton, Select, Text } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import { ENDED_SESSIONS_PAGE_SIZES } from '../../shared/defaults.js';
import { ChevronDownIcon } from './icons.js';
import './stackTable.css';

export const PAGINATION_TEXTS = {
  rowsPerPage: 'Rows per page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
} as const;

export interface TablePaginationProps {
  limit: number;
  offset: number;
  total: number;
  /** The total counts no further: shown as "1,000+". */
  more?: boolean;
  onChange: (next: { limit: number; offset: number }) => void;
}

/**
 * Rows per page (5, 10, 25, 50), the range shown and previous / next (spec part 1 §2, §9, the
 * Ended table's); the buttons are type="button" so a table inside a form never submits it.
 */
export function TablePagination({ limit, offset, total, more = false, onChange }: TablePaginationProps) {
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pressed = useRef<HTMLButtonElement | null>(null);
  // A button that turns disabled under the keyboard drops focus to the page: hand it to the other.
  useEffect(() => {
    const button = pressed.current;
    pressed.current = null;
    const other = button === next.current ? previous.current : next.current;
    const lost = document.activeElement === button || document.activeElement === document.body;
    if (button?.disabled && other && !other.disabled && lost) other.focus();
  });
  const go = (button: HTMLButtonElement | null, nextOffset: number) => {
    pressed.current = button;
    onChange({ limit, offset: nextOffset });
  };
  const steps = [
    {
      ref: previous,
      label: PAGINATION_TEXTS.previousPage,
      disabled: offset === 0,
      offset: Math.max(0, offset - limit),
      turn: 90,
    },
    {
      ref: next,
      label: PAGINATION_TEXTS.nextPage,
      disabled: offset + limit >= total,
      offset: offset + limit,
      turn: -90,
    },
  ];

  return (
    <Flex justify="end" align="center" gap="3" wrap="wrap" className="sb-pagination">
      <Flex align="center" gap="2">
        <Text size="2" color="gray" aria-hidden="true">
          {PAGINATION_TEXTS.rowsPerPage}
        </Text>
        {/* A new page size starts again at the first page. */}
        <Select.Root
          value={String(limit)}
          onValueChange={(value) => onChange({ limit: Number(value), offset: 0 })}
          size="1"
        >
          <Select.Trigger aria-label={PAGINATION_TEXTS.rowsPerPage} />
          <Select.Content position="popper">
            {ENDED_SESSIONS_PAGE_SIZES.map((size) => (
              <Select.Item key={size} value={String(size)}>
                {size}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <Text size="2" color="gray" aria-live="polite">
        {first}–{last} of {total}
        {more ? '+' : ''}
      </Text>
      <Flex gap="1">
        {steps.map((step) => (
          <IconButton
            key={step.label}
            type="button"
            variant="ghost"
            color="gray"
            ref={step.ref}
            aria-label={step.label}
            disabled={step.disabled}
            onClick={() => go(step.ref.current, step.offset)}
          >
            <ChevronDownIcon style={{ transform: `rotate(${step.turn}deg)` }} />
          </IconButton>
        ))}
      </Flex>
    </Flex>
  );
}
