import { Flex, IconButton, Table, Text, Tooltip, VisuallyHidden } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { type ModelPrice, PRICE_FIELDS } from '../../../../shared/types/pricing.js';
import { PencilIcon, TrashIcon } from '../../../components/icons.js';
import { effectiveFromPhrase, effectiveFromText } from './priceForm.js';
import { PRICE_TEXTS } from './priceTexts.js';
import '../../../components/stackTable.css';

export interface PricesTableProps {
  prices: ModelPrice[];
  onEdit: (price: ModelPrice) => void;
  onDelete: (price: ModelPrice) => void;
}

/**
 * The price table by model and date in force, the six prices per 1M tokens; below 600 px each
 * row is a card of "Label value" lines (.sb-stack-table).
 */
export function PricesTable({ prices, onEdit, onDelete }: PricesTableProps) {
  return (
    <Table.Root variant="surface" className="sb-phone-cards sb-stack-table sb-prices-table">
      <VisuallyHidden asChild>
        <caption>{PRICE_TEXTS.caption}</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row role="row">
          <Table.ColumnHeaderCell role="columnheader">{PRICE_TEXTS.columns.model}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell role="columnheader">{PRICE_TEXTS.columns.effectiveFrom}</Table.ColumnHeaderCell>
          {PRICE_FIELDS.map((field) => (
            <Table.ColumnHeaderCell key={field} role="columnheader" justify="end">
              {PRICE_TEXTS.fields[field]}
            </Table.ColumnHeaderCell>
          ))}
          <Table.ColumnHeaderCell role="columnheader">{PRICE_TEXTS.columns.actions}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {prices.map((price) => {
          const from = effectiveFromText(price.effectiveFrom);
          const phrase = effectiveFromPhrase(price.effectiveFrom);
          return (
            <Table.Row key={`${price.model} ${price.effectiveFrom}`} align="center" role="row">
              <Table.RowHeaderCell role="rowheader" data-label={PRICE_TEXTS.columns.model}>
                <Text weight="medium">{price.model}</Text>
              </Table.RowHeaderCell>
              <Table.Cell role="cell" data-label={PRICE_TEXTS.columns.effectiveFrom}>
                {from}
              </Table.Cell>
              {PRICE_FIELDS.map((field) => (
                <Table.Cell
                  key={field}
                  role="cell"
                  justify="end"
                  data-label={PRICE_TEXTS.fields[field]}
                  className="sb-price-value"
                >
                  {price[field]}
                </Table.Cell>
              ))}
              <Table.Cell role="cell" data-label={PRICE_TEXTS.columns.actions}>
                <Flex gap="3">
                  <RowAction
                    label={PRICE_TEXTS.rowAction(PRICE_TEXTS.edit, price.model, phrase)}
                    tip={PRICE_TEXTS.edit}
                    onClick={() => onEdit(price)}
                  >
                    <PencilIcon />
                  </RowAction>
                  <RowAction
                    label={PRICE_TEXTS.rowAction(PRICE_TEXTS.delete, price.model, phrase)}
                    tip={PRICE_TEXTS.delete}
                    color="red"
                    onClick={() => onDelete(price)}
                  >
                    <TrashIcon />
                  </RowAction>
                </Flex>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}

interface RowActionProps {
  label: string;
  tip: string;
  color?: 'red';
  onClick: () => void;
  children: ReactNode;
}

function RowAction({ label, tip, color, onClick, children }: RowActionProps) {
  return (
    <Tooltip content={tip}>
      <IconButton type="button" size="1" variant="soft" color={color ?? 'gray'} aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}
