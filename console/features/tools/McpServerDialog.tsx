import { Checkbox, Flex, Text } from '@radix-ui/themes';
import { type FormEvent, useEffect, useState } from 'react';
import { UI_TIMING } from '../../../shared/defaults.js';
import type { McpServer, McpServerPatch } from '../../../shared/types/mcp.js';
import { FormDialog } from '../../components/FormDialog.js';
import { SecretField } from '../../components/SecretField.js';
import { TextInput } from '../../components/TextInput.js';
import { useToast } from '../../components/ToastProvider.js';
import { MCP_TEXTS, useMcpServerActions } from './mcpApi.js';
import { useDialogErrors } from './useDialogErrors.js';

export interface McpServerDialogProps {
  open: boolean;
  /** The server being edited; null adds one. */
  editing: McpServer | null;
  onClose: () => void;
}

const FIELDS = ['name', 'url', 'bearer_token'] as const;

/**
 * 'Add MCP Server' / 'Edit MCP Server' (issue 22): name, URL and an optional bearer token. The
 * saved token is never shown: editing leaves it unless a new one is typed or removal is ticked.
 * The server's 400s name their field and show under it.
 */
export function McpServerDialog({ open, editing, onClose }: McpServerDialogProps) {
  const actions = useMcpServerActions();
  const toast = useToast();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [removeToken, setRemoveToken] = useState(false);
  const { fieldErrors, error, setFieldErrors, clear, edit, fail } = useDialogErrors(FIELDS);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(editing?.name ?? '');
    setUrl(editing?.url ?? '');
    setToken('');
    setRemoveToken(false);
    clear();
  }, [open, editing, clear]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<(typeof FIELDS)[number], string>> = {};
    if (!name.trim()) missing.name = 'Name is required';
    if (!url.trim()) missing.url = 'URL is required';
    if (missing.name || missing.url) {
      setFieldErrors(missing);
      return;
    }
    setSubmitting(true);
    clear();
    try {
      if (editing) {
        const patch: McpServerPatch = { name: name.trim(), url: url.trim() };
        if (removeToken) patch.bearer_token = null;
        else if (token.trim()) patch.bearer_token = token.trim();
        await actions.update(editing.id, patch);
        toast.success(MCP_TEXTS.updated, UI_TIMING.shortToastMs);
      } else {
        const created = await actions.create({
          name: name.trim(),
          url: url.trim(),
          ...(token.trim() ? { bearer_token: token.trim() } : {}),
        });
        toast.success(
          created.last_error ? MCP_TEXTS.created : `${MCP_TEXTS.created}. ${MCP_TEXTS.refreshed(created.tools.length)}`,
          UI_TIMING.shortToastMs,
        );
      }
      onClose();
    } catch (caught) {
      fail(caught, MCP_TEXTS.saveFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={editing ? MCP_TEXTS.editTitle : MCP_TEXTS.addTitle}
      maxWidth="520px"
      onSubmit={submit}
      error={error}
      submitLabel="Save"
      busyLabel="Saving..."
      submitting={submitting}
    >
      <TextInput
        label="Name"
        value={name}
        onChange={edit('name', setName)}
        required
        autoFocus
        autoComplete="off"
        disabled={submitting}
        error={fieldErrors.name}
      />
      <TextInput
        label="URL"
        value={url}
        onChange={edit('url', setUrl)}
        required
        autoComplete="off"
        disabled={submitting}
        error={fieldErrors.url}
        hint={MCP_TEXTS.urlHint}
      />
      <SecretField
        label="Bearer token"
        value={token}
        onChange={edit('bearer_token', setToken)}
        autoComplete="off"
        disabled={submitting || removeToken}
        error={fieldErrors.bearer_token}
        hint={editing?.has_bearer_token ? MCP_TEXTS.keepTokenHint : MCP_TEXTS.tokenHint}
      />
      {editing?.has_bearer_token ? (
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox checked={removeToken} onCheckedChange={(v) => setRemoveToken(v === true)} disabled={submitting} />
            {MCP_TEXTS.removeToken}
          </Flex>
        </Text>
      ) : null}
    </FormDialog>
  );
}
