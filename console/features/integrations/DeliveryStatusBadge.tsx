import { Badge } from '@radix-ui/themes';
import type { WebhookDeliveryStatus } from '../../../shared/types/webhook.js';

const LOOK: Record<WebhookDeliveryStatus, { label: string; color: 'green' | 'red' | 'amber' | 'blue' }> = {
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  pending: { label: 'Retrying', color: 'amber' },
  sending: { label: 'Sending', color: 'blue' },
};

/** A delivery's state in words and colour (the words carry it; colour only helps). */
export function DeliveryStatusBadge({ status, attempts }: { status: WebhookDeliveryStatus; attempts: number }) {
  const look = LOOK[status];
  // A pending delivery not tried yet is queued, not retrying.
  const label = status === 'pending' && attempts === 0 ? 'Queued' : look.label;
  return (
    <Badge color={look.color} variant="soft">
      {label}
    </Badge>
  );
}
