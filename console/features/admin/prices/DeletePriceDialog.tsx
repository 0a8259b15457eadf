import { useEffect, useState } from 'react';
import type { ModelPrice } from '../../../../shared/types/pricing.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import { useToast } from '../../../components/ToastProvider.js';
import { effectiveFromPhrase } from './priceForm.js';
import { usePriceActions } from './pricesApi.js';
import { PRICE_TEXTS } from './priceTexts.js';

export interface DeletePriceDialogProps {
  /** The row to delete; null keeps the dialog closed. */
  price: ModelPrice | null;
  onClose: () => void;
}

export function DeletePriceDialog({ price, onClose }: DeletePriceDialogProps) {
  const { remove } = usePriceActions();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new row to delete clears the last one's error.
  useEffect(() => setError(null), [price]);

  return (
    <ConfirmDialog
      open={price !== null}
      onOpenChange={(open) => !open && onClose()}
      title={PRICE_TEXTS.confirmTitle}
      description={price ? PRICE_TEXTS.confirmText(price.model, effectiveFromPhrase(price.effectiveFrom)) : ''}
      error={error}
      onConfirm={async () => {
        if (!price) return;
        try {
          await remove(price.model, price.effectiveFrom);
          toast.success(PRICE_TEXTS.deleted(price.model));
          onClose();
        } catch (caught) {
          setError(caught instanceof Error ? caught.message : PRICE_TEXTS.deleteFailed);
        }
      }}
    />
  );
}
