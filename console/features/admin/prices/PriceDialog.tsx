import { Grid } from '@radix-ui/themes';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type ModelPrice, PRICE_FIELDS } from '../../../../shared/types/pricing.js';
import { FormDialog } from '../../../components/FormDialog.js';
import { TextInput } from '../../../components/TextInput.js';
import { useToast } from '../../../components/ToastProvider.js';
import {
  checkPrice,
  EMPTY_PRICE,
  type PriceFormErrors,
  type PriceFormField,
  type PriceFormValues,
  valuesOf,
} from './priceForm.js';
import { PriceActionError, usePriceActions } from './pricesApi.js';
import { PRICE_TEXTS } from './priceTexts.js';

export interface PriceDialogProps {
  /** 'new' adds a row; a row edits its six prices (its model and date are the row's key); null is closed. */
  editing: ModelPrice | 'new' | null;
  onClose: () => void;
}

/**
 * Add Price / Edit Price: the model, the date in force and the six prices per 1M tokens. Each
 * problem shows at its field, the server's too when it names the field.
 */
export function PriceDialog({ editing, onClose }: PriceDialogProps) {
  const { save } = usePriceActions();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PriceFormValues>(EMPTY_PRICE);
  const [errors, setErrors] = useState<PriceFormErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const existing = editing !== null && editing !== 'new' ? editing : null;

  useEffect(() => {
    setValues(existing ? valuesOf(existing) : EMPTY_PRICE);
    setErrors({});
    setError(null);
  }, [existing]);

  const showErrors = (found: PriceFormErrors) => {
    setErrors(found);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPrice(values);
    setError(null);
    if ('errors' in checked) return showErrors(checked.errors);
    setSubmitting(true);
    setErrors({});
    try {
      await save(checked.price);
      toast.success(PRICE_TEXTS.saved(checked.price.model));
      onClose();
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : PRICE_TEXTS.saveFailed;
      if (caught instanceof PriceActionError && caught.field) showErrors({ [caught.field]: message });
      else setError(message);
    } finally {
      setSubmitting(false);
    }
  };

  const bind = (field: PriceFormField) => ({
    value: values[field],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
    error: errors[field],
    disabled: submitting,
  });

  return (
    <FormDialog
      open={editing !== null}
      onOpenChange={(open) => !open && onClose()}
      title={existing ? PRICE_TEXTS.editTitle(existing.model) : PRICE_TEXTS.addTitle}
      description={PRICE_TEXTS.priceHint}
      maxWidth="560px"
      onSubmit={submit}
      formRef={form}
      error={error}
      submitLabel={PRICE_TEXTS.save}
      busyLabel={PRICE_TEXTS.saving}
      submitting={submitting}
    >
      <TextInput
        label={PRICE_TEXTS.modelLabel}
        {...bind('model')}
        disabled={submitting || existing !== null}
        required
        autoFocus={!existing}
        autoComplete="off"
        hint={existing ? undefined : PRICE_TEXTS.modelHint}
      />
      <TextInput
        label={PRICE_TEXTS.dateLabel}
        type="date"
        {...bind('effectiveFrom')}
        disabled={submitting || existing !== null}
        hint={existing ? undefined : PRICE_TEXTS.dateHint}
      />
      <Grid columns={{ initial: '1', xs: '3' }} gap="3">
        {PRICE_FIELDS.map((field, index) => (
          <TextInput
            key={field}
            label={PRICE_TEXTS.fields[field]}
            {...bind(field)}
            required
            inputMode="decimal"
            autoFocus={existing !== null && index === 0}
            autoComplete="off"
          />
        ))}
      </Grid>
    </FormDialog>
  );
}
