import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { lazy, Suspense, useId, useState } from 'react';
import useSWR from 'swr';
import type { AnalysisSource } from '../../../shared/api/analysis.js';
import type { AnalysisSettings } from '../../../shared/types/analysis.js';
import { useApi } from '../../lib/ApiProvider.js';
import { callOrThrow, errorText } from '../../lib/errors.js';
import { ErrorCallout } from '../ErrorCallout.js';
import { FormSection } from '../FormSection.js';
import { LoadingState } from '../LoadingState.js';
import { SwitchField } from '../SwitchField.js';
import { TextAreaField } from '../TextAreaField.js';
import { useToast } from '../ToastProvider.js';
import { ANALYSIS_TEXTS } from './analysisTexts.js';

// CodeMirror only when the section is shown, not with the agent or bot page itself.
const CodeEditor = lazy(() => import('../code/CodeEditor.js').then((module) => ({ default: module.CodeEditor })));

export interface AnalysisSettingsSectionProps {
  source: AnalysisSource;
  id: string;
  /** The effective user, so impersonation never shows another user's cached settings. */
  userId: string | null;
}

interface Draft {
  enabled: boolean;
  summaryPrompt: string;
  successCriteria: string;
  /** The schema as typed; '' for none. */
  dataSchema: string;
}

const toDraft = (settings: AnalysisSettings): Draft => ({
  enabled: settings.enabled,
  summaryPrompt: settings.summaryPrompt,
  successCriteria: settings.successCriteria,
  dataSchema: settings.dataSchema ? JSON.stringify(settings.dataSchema, null, 2) : '',
});

/**
 * An agent's or bot's post-call analysis settings, saved on their own (they change nothing about a
 * live call or chat): on/off, summary prompt, success criteria and the data schema in the JSON
 * editor. The server's 400 is shown as it says it, naming the field and the strict-mode rule.
 */
export function AnalysisSettingsSection({ source, id, userId }: AnalysisSettingsSectionProps) {
  const api = useApi();
  const key = userId ? (['analysis-settings', userId, source, id] as const) : null;
  const loaded = useSWR(key, () => callOrThrow(() => api.analysis.settings(source, id), ANALYSIS_TEXTS.loadFailed));
  return (
    <Box mt="4">
      <FormSection title={ANALYSIS_TEXTS.settingsTitle} description={ANALYSIS_TEXTS.settingsDescription}>
        {loaded.error ? (
          <ErrorCallout>{ANALYSIS_TEXTS.loadFailed}</ErrorCallout>
        ) : loaded.data ? (
          <AnalysisSettingsForm
            key={JSON.stringify(loaded.data)}
            saved={loaded.data}
            onSave={async (body) => {
              const next = await api.analysis.saveSettings(source, id, body);
              await loaded.mutate(next, { revalidate: false });
            }}
          />
        ) : (
          <LoadingState label={ANALYSIS_TEXTS.loading} />
        )}
      </FormSection>
    </Box>
  );
}

function AnalysisSettingsForm({
  saved,
  onSave,
}: {
  saved: AnalysisSettings;
  onSave: (body: AnalysisSettings) => Promise<void>;
}) {
  const [draft, setDraft] = useState(() => toDraft(saved));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const errorId = useId();
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const schemaError = error?.startsWith('dataSchema') || error === ANALYSIS_TEXTS.dataSchemaInvalidJson;

  const save = async () => {
    let dataSchema: Record<string, unknown> | null = null;
    if (draft.dataSchema.trim() !== '') {
      try {
        dataSchema = JSON.parse(draft.dataSchema) as Record<string, unknown>;
      } catch {
        setError(ANALYSIS_TEXTS.dataSchemaInvalidJson);
        return;
      }
    }
    setSaving(true);
    setError(null);
    try {
      await onSave({ ...draft, dataSchema });
      toast.show(ANALYSIS_TEXTS.saved, { tone: 'success' });
    } catch (failure) {
      setError(errorText(failure, ANALYSIS_TEXTS.loadFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex direction="column" gap="4">
      <SwitchField label={ANALYSIS_TEXTS.enabled} checked={draft.enabled} onChange={(on) => set('enabled', on)} />
      <TextAreaField
        label={ANALYSIS_TEXTS.summaryPrompt}
        hint={ANALYSIS_TEXTS.summaryHint}
        value={draft.summaryPrompt}
        onChange={(value) => set('summaryPrompt', value)}
        error={error?.startsWith('summaryPrompt') ? error : undefined}
      />
      <TextAreaField
        label={ANALYSIS_TEXTS.successCriteria}
        hint={ANALYSIS_TEXTS.successHint}
        value={draft.successCriteria}
        onChange={(value) => set('successCriteria', value)}
        error={error?.startsWith('successCriteria') ? error : undefined}
      />
      <Flex direction="column" gap="1">
        <Text as="div" size="2" weight="medium">
          {ANALYSIS_TEXTS.dataSchema}
        </Text>
        <Text as="p" size="1" color="gray">
          {ANALYSIS_TEXTS.dataSchemaHint}
        </Text>
        <Suspense fallback={<LoadingState label="Loading editor..." />}>
          <CodeEditor
            language="json"
            height={220}
            label={ANALYSIS_TEXTS.dataSchema}
            value={draft.dataSchema}
            onChange={(value) => set('dataSchema', value)}
            invalid={schemaError}
            describedBy={schemaError ? errorId : undefined}
          />
        </Suspense>
      </Flex>
      {error ? (
        <Text id={errorId} role="alert" size="2" color="red">
          {error}
        </Text>
      ) : null}
      <Flex justify="end">
        <Button type="button" onClick={() => void save()} loading={saving}>
          {ANALYSIS_TEXTS.save}
        </Button>
      </Flex>
    </Flex>
  );
}
