import { Code, Flex, Text } from '@radix-ui/themes';
import { type ReactNode, useState } from 'react';
import { UI_TIMING } from '../../../shared/defaults.js';
import type { CustomValue } from '../../../shared/types/tool.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { useToast } from '../../components/ToastProvider.js';
import { CUSTOM_VALUE_TEXTS, useCustomValueActions, useCustomValues } from './api.js';
import { CustomValueDialog } from './CustomValueDialog.js';
import { CustomValuesTable } from './CustomValuesTable.js';
import { useFailureToast } from './useFailureToast.js';

export interface CustomValuesTabProps {
  /** The Add Value dialog is opened from the page header (or the floating button). */
  adding: boolean;
  onAddingChange: (open: boolean) => void;
}

/** The Custom Values tab: table, add/edit dialog, delete confirmation, and how values are used. */
export function CustomValuesTab({ adding, onAddingChange }: CustomValuesTabProps) {
  const values = useCustomValues();
  const { remove } = useCustomValueActions();
  const toast = useToast();
  const [editing, setEditing] = useState<CustomValue | null>(null);
  const [deleting, setDeleting] = useState<CustomValue | null>(null);
  const loadError = values.error instanceof Error ? values.error.message : CUSTOM_VALUE_TEXTS.fetchFailed;
  useFailureToast(values.error, values.data !== undefined, loadError, UI_TIMING.shortToastMs, 'custom-values-list');

  const confirmDelete = async () => {
    if (!deleting) return;
    // One toast per topic: a later success replaces a failure still on screen.
    const options = { durationMs: UI_TIMING.shortToastMs, key: 'custom-value-delete' };
    try {
      await remove(deleting.name);
      toast.success(CUSTOM_VALUE_TEXTS.deleted, options);
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : CUSTOM_VALUE_TEXTS.deleteFailed, options);
    }
    setDeleting(null);
  };

  let body: ReactNode;
  if (!values.data) {
    body = values.error ? <ErrorCallout>{loadError}</ErrorCallout> : <LoadingState label="Loading custom values..." />;
  } else if (values.data.length === 0) {
    body = (
      <EmptyState
        title="No custom values found"
        description="Store API keys, account ids or texts once and use them everywhere."
      />
    );
  } else {
    body = <CustomValuesTable values={values.data} onEdit={setEditing} onDelete={setDeleting} />;
  }

  return (
    <Flex direction="column" gap="3">
      {body}
      <Text as="p" size="2" color="gray">
        Use a custom value in handler code as <Code>values.NAME</Code> and in prompts as <Code>{'{{NAME}}'}</Code>,
        where NAME is the value&apos;s name.
      </Text>
      <CustomValueDialog
        open={adding || editing !== null}
        editing={editing}
        existingNames={values.data?.map((item) => item.name) ?? []}
        onClose={() => {
          setEditing(null);
          onAddingChange(false);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Custom Value"
        description={`Are you sure you want to delete the custom value '${deleting?.name ?? ''}'? Handlers and prompts that use it will no longer get it.`}
        onConfirm={confirmDelete}
      />
    </Flex>
  );
}
