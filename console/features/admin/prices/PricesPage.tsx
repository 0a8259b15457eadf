import { Button, Flex, Text } from '@radix-ui/themes';
import { type ReactNode, useState } from 'react';
import type { ModelPrice } from '../../../../shared/types/pricing.js';
import { useDocumentTitle } from '../../../app/useDocumentTitle.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ErrorCallout } from '../../../components/ErrorCallout.js';
import { PlusIcon } from '../../../components/icons.js';
import { LoadingState } from '../../../components/LoadingState.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { DeletePriceDialog } from './DeletePriceDialog.js';
import { PriceDialog } from './PriceDialog.js';
import { PricesTable } from './PricesTable.js';
import { usePrices } from './pricesApi.js';
import { PRICE_TEXTS } from './priceTexts.js';
import './prices.css';

/** The price table an admin keeps (/admin/prices, issue 21): what calls' and chat answers' cost is computed with. */
export function PricesPage() {
  useDocumentTitle(PRICE_TEXTS.title);
  const prices = usePrices();
  const [editing, setEditing] = useState<ModelPrice | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ModelPrice | null>(null);

  const loadError =
    prices.error instanceof Error ? prices.error.message : prices.error ? PRICE_TEXTS.fetchFailed : null;
  let body: ReactNode;
  if (loadError && !prices.data) body = <ErrorCallout>{loadError}</ErrorCallout>;
  else if (!prices.data) body = <LoadingState label={PRICE_TEXTS.loading} />;
  else if (prices.data.prices.length === 0)
    body = <EmptyState title={PRICE_TEXTS.empty} description={PRICE_TEXTS.emptyHint} />;
  else body = <PricesTable prices={prices.data.prices} onEdit={setEditing} onDelete={setDeleting} />;

  const telephony = prices.data?.telephony;
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={PRICE_TEXTS.title}
        intro={PRICE_TEXTS.intro}
        back={{ to: '/admin', label: PRICE_TEXTS.back }}
        refresh={{ label: PRICE_TEXTS.refresh, busy: prices.isValidating, onClick: () => void prices.mutate() }}
        actions={
          <Button onClick={() => setEditing('new')}>
            <PlusIcon /> {PRICE_TEXTS.add}
          </Button>
        }
      />
      {/* A failed refresh keeps the last table on screen, with the error above it. */}
      {loadError && prices.data ? <ErrorCallout>{loadError}</ErrorCallout> : null}
      {body}
      {telephony ? (
        <Text as="p" size="2" color="gray">
          {PRICE_TEXTS.telephony(telephony.inboundUsdPerMinute, telephony.outboundUsdPerMinute)}
        </Text>
      ) : null}
      <PriceDialog editing={editing} onClose={() => setEditing(null)} />
      <DeletePriceDialog price={deleting} onClose={() => setDeleting(null)} />
    </Flex>
  );
}
