import { Button } from '@radix-ui/themes';
import { ArrowLeftIcon } from './icons.js';

export type SortOrder = 'asc' | 'desc';

export interface SortOrderButtonProps {
  order: SortOrder;
  onChange: (order: SortOrder) => void;
  /** The screen's words for each order ('Newest first' / 'Oldest first'). */
  labels: { desc: string; asc: string };
}

/** The toggle between newest and oldest first of a paged list (Ended sessions, a bot's conversations). */
export function SortOrderButton({ order, onChange, labels }: SortOrderButtonProps) {
  const descending = order === 'desc';
  return (
    <Button type="button" variant="soft" color="gray" onClick={() => onChange(descending ? 'asc' : 'desc')}>
      <ArrowLeftIcon style={{ transform: descending ? 'rotate(-90deg)' : 'rotate(90deg)' }} />
      {labels[order]}
    </Button>
  );
}
