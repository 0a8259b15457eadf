import { Button, DropdownMenu, Flex, Progress, Text } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import type { ExportFormat } from '../../shared/types/history.js';
import { bytesText } from './exportProgress.js';
import { ChevronDownIcon, DownloadIcon } from './icons.js';
import { type ExportRun, type OpenExport, useExportDownload } from './useExportDownload.js';
import './exportMenu.css';

export interface ExportNouns {
  /** What a CSV row is: 'conversation', 'call', 'call or chat'. */
  one: string;
  many: string;
}

export interface ExportMenuProps {
  /** Accessible name of the menu button, e.g. 'Export conversations'. */
  label: string;
  nouns: ExportNouns;
  open: OpenExport;
  /** The file name when the server gives none (without extension). */
  fallbackName: string;
  disabled?: boolean;
}

export const EXPORT_TEXTS = {
  button: 'Export',
  csv: (nouns: ExportNouns) => `CSV — one row per ${nouns.one}`,
  jsonl: 'JSON Lines — one line per message',
  cancel: 'Cancel export',
  progressLabel: 'Export progress',
  starting: 'Starting the export…',
  cancelled: 'Export cancelled.',
} as const;

const number = (n: number) => n.toLocaleString();

/** "1,200 of 5,000 conversations · 3.4 MB" while running, "Saved name.csv (…)" once saved. */
export function exportStatusText(run: ExportRun, nouns: ExportNouns): string {
  const items =
    run.expected !== null
      ? `${number(run.count)} of ${number(run.expected)} ${nouns.many}`
      : `${number(run.count)} ${run.count === 1 ? nouns.one : nouns.many}`;
  switch (run.status) {
    case 'running':
      return run.bytes === 0 ? EXPORT_TEXTS.starting : `Exporting… ${items} · ${bytesText(run.bytes)}`;
    case 'saved':
      return `Saved ${run.fileName ?? ''}: ${run.count === 1 ? `1 ${nouns.one}` : `${number(run.count)} ${nouns.many}`}, ${bytesText(run.bytes)}`;
    case 'cancelled':
      return EXPORT_TEXTS.cancelled;
    case 'failed':
      return run.error ?? '';
    default:
      return '';
  }
}

/**
 * Export as CSV or JSON Lines (issue 11): a menu, then the download's progress with Cancel. From
 * the keyboard: Enter or Space opens the menu, arrows pick a format, Enter starts; focus then goes
 * to Cancel, and back to the menu button when the export ends.
 */
export function ExportMenu({ label, nouns, open, fallbackName, disabled = false }: ExportMenuProps) {
  const { run, start, cancel } = useExportDownload();
  const trigger = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const running = run.status === 'running';
  const wasRunning = useRef(false);
  const chosen = useRef(false);

  useEffect(() => {
    if (running) cancelButton.current?.focus();
    // Cancel had the focus and is gone: back to the menu button.
    else if (wasRunning.current && (document.activeElement === document.body || document.activeElement === null))
      trigger.current?.focus();
    wasRunning.current = running;
  }, [running]);

  const choose = (format: ExportFormat) => {
    chosen.current = true;
    void start(format, open, fallbackName);
  };
  const status = exportStatusText(run, nouns);
  const expected = running && run.expected !== null && run.expected > 0 ? run.expected : null;

  return (
    <Flex direction="column" gap="2" className="sb-export">
      <Flex gap="2" align="center" wrap="wrap">
        <DropdownMenu.Root>
          <DropdownMenu.Trigger disabled={disabled || running}>
            <Button ref={trigger} variant="soft" color="gray" aria-label={label}>
              <DownloadIcon /> {EXPORT_TEXTS.button} <ChevronDownIcon />
            </Button>
          </DropdownMenu.Trigger>
          {/*
            Once a format is chosen, focus goes to Cancel here, as the menu closes: the effect above
            can't, the open menu traps focus until then. A small export may be over already, then
            the menu button keeps it.
          */}
          <DropdownMenu.Content
            align="end"
            onCloseAutoFocus={(event) => {
              if (chosen.current && cancelButton.current) {
                event.preventDefault();
                cancelButton.current.focus();
              }
              chosen.current = false;
            }}
          >
            <DropdownMenu.Item onSelect={() => choose('csv')}>{EXPORT_TEXTS.csv(nouns)}</DropdownMenu.Item>
            <DropdownMenu.Item onSelect={() => choose('jsonl')}>{EXPORT_TEXTS.jsonl}</DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Root>
        {running ? (
          <Button ref={cancelButton} type="button" variant="ghost" color="gray" onClick={cancel}>
            {EXPORT_TEXTS.cancel}
          </Button>
        ) : null}
      </Flex>
      {running ? (
        <Progress
          className="sb-export-progress"
          aria-label={EXPORT_TEXTS.progressLabel}
          value={expected !== null ? Math.min(run.count, expected) : null}
          max={expected ?? 100}
          getValueLabel={() => status}
        />
      ) : null}
      <Text
        size="1"
        color={run.status === 'failed' ? 'red' : 'gray'}
        role={run.status === 'failed' ? 'alert' : 'status'}
        className="sb-export-status"
      >
        {status}
      </Text>
    </Flex>
  );
}
