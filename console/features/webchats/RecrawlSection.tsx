import { Button, Checkbox, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { RECRAWL_FREQUENCIES, RECRAWL_NEW_PAGES, WEEKDAYS } from '../../../shared/recrawl.js';
import type { RecrawlSettings } from '../../../shared/types/recrawl.js';
import { FormSection } from '../../components/FormSection.js';
import { SelectField } from '../../components/SelectField.js';
import { useToast } from '../../components/ToastProvider.js';
import { serverErrorText } from '../../lib/errors.js';
import { recrawlTime, RECRAWL_TEXTS as TEXTS } from './recrawlTexts.js';
import { useRecrawl } from './useRecrawl.js';

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));
const DAYS = WEEKDAYS.map((label, day) => ({ value: String(day), label }));

/**
 * Re-crawl of the bot's website (issue 24, "Fresh"): Off / Daily / Weekly at an hour (UTC, said
 * beside it), new pages Selected or Excluded, the summary refreshed or not, "Re-crawl now", and
 * what the last re-crawl found. Saved at once, apart from the bot's Save Changes: a schedule runs
 * on the server, not in this form.
 */
export function RecrawlSection({ webchatId, disabled }: { webchatId: string | null; disabled: boolean }) {
  const { state, save, run } = useRecrawl(webchatId);
  const toast = useToast();
  const [running, setRunning] = useState(false);
  if (!webchatId) {
    return (
      <FormSection title={TEXTS.title}>
        <Text size="2" color="gray">
          {TEXTS.saveFirst}
        </Text>
      </FormSection>
    );
  }
  const settings = state?.settings;
  const change = (patch: Partial<RecrawlSettings>) =>
    save(patch).then(
      () => toast.success(TEXTS.saved),
      (error: unknown) => toast.error(`${TEXTS.saveFailed}: ${serverErrorText(error)}`),
    );
  const runNow = async () => {
    setRunning(true);
    try {
      await run();
      toast.success(TEXTS.ran);
    } catch (error) {
      toast.error(`${TEXTS.runFailed}: ${serverErrorText(error)}`);
    } finally {
      setRunning(false);
    }
  };
  const off = disabled || !settings;
  const last = state?.last;
  return (
    <FormSection title={TEXTS.title}>
      <Flex direction="column" gap="3">
        <Flex gap="3" wrap="wrap" align="end">
          <SelectField
            label={TEXTS.frequency}
            value={settings?.frequency ?? 'off'}
            options={RECRAWL_FREQUENCIES.map((value) => ({ value, label: TEXTS.frequencies[value] }))}
            onChange={(frequency) => void change({ frequency })}
            disabled={off}
          />
          {settings?.frequency === 'weekly' ? (
            <SelectField
              label={TEXTS.weekday}
              value={String(settings.weekday)}
              options={DAYS}
              onChange={(day) => void change({ weekday: Number(day) })}
              disabled={off}
            />
          ) : null}
          {settings && settings.frequency !== 'off' ? (
            <SelectField
              label={TEXTS.hour}
              value={String(settings.hour)}
              options={HOURS}
              onChange={(hour) => void change({ hour: Number(hour) })}
              disabled={off}
              hint={TEXTS.timeZone(state?.time_zone ?? 'UTC')}
            />
          ) : null}
          <SelectField
            label={TEXTS.newPages}
            value={settings?.new_pages ?? 'selected'}
            options={RECRAWL_NEW_PAGES.map((value) => ({ value, label: TEXTS.newPageChoices[value] }))}
            onChange={(new_pages) => void change({ new_pages })}
            disabled={off}
          />
        </Flex>
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              checked={settings?.refresh_summary ?? false}
              onCheckedChange={(checked) => void change({ refresh_summary: checked === true })}
              disabled={off}
            />
            {TEXTS.refreshSummary}
          </Flex>
        </Text>
        <Flex gap="3" align="center" wrap="wrap">
          <Button
            type="button"
            variant="soft"
            onClick={() => void runNow()}
            loading={running}
            disabled={off || state?.running}
          >
            {TEXTS.runNow}
          </Button>
          <Text size="2" color={last?.error ? 'amber' : 'gray'} role="status">
            {last
              ? last.error
                ? TEXTS.failed(last.error)
                : TEXTS.result(last.changed, last.new, last.gone, recrawlTime(last.at))
              : TEXTS.never}
          </Text>
        </Flex>
        {state?.next_run_at ? (
          <Text size="1" color="gray">
            {TEXTS.next(recrawlTime(state.next_run_at))}
          </Text>
        ) : null}
      </Flex>
    </FormSection>
  );
}
