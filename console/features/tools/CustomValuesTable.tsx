import { Flex, IconButton, Table, Text, Tooltip, VisuallyHidden } from '@radix-ui/themes';
import type { CustomValue } from '../../../shared/types/tool.js';
import { PencilIcon, TrashIcon } from '../../components/icons.js';

export interface CustomValuesTableProps {
  values: CustomValue[];
  onEdit: (value: CustomValue) => void;
  onDelete: (value: CustomValue) => void;
}

/** Columns Name, Value, Actions (spec part 2 §2 "Custom values tab"). */
export function CustomValuesTable({ values, onEdit, onDelete }: CustomValuesTableProps) {
  return (
    <div className="sb-table-scroll">
      <Table.Root variant="surface">
        <VisuallyHidden asChild>
          <caption>Custom values</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Value</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell width="96px">Actions</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {values.map((item) => (
            <Table.Row key={item.name} align="center">
              <Table.RowHeaderCell>
                <Text weight="medium" wrap="nowrap">
                  {item.name}
                </Text>
              </Table.RowHeaderCell>
              <Table.Cell>
                <span className="sb-custom-value">{item.value}</span>
              </Table.Cell>
              <Table.Cell>
                <Flex gap="3" wrap="nowrap">
                  <Tooltip content="Edit">
                    <IconButton variant="ghost" aria-label={`Edit ${item.name}`} onClick={() => onEdit(item)}>
                      <PencilIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip content="Delete">
                    <IconButton
                      variant="ghost"
                      color="red"
                      aria-label={`Delete ${item.name}`}
                      onClick={() => onDelete(item)}
                    >
                      <TrashIcon />
                    </IconButton>
                  </Tooltip>
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
