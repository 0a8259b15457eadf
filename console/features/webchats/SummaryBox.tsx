import { Callout, Flex, Link } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router-dom';
import { CopyButton } from '../../components/CopyButton.js';
import { FormSection } from '../../components/FormSection.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { useToast } from '../../components/ToastProvider.js';
import { KNOWLEDGE_TEXTS as TEXTS } from './knowledgeTexts.js';

export interface SummaryBoxProps {
  summary: string;
  onChange: (summary: string) => void;
  /** The server's words when the OpenAI key needs fixing, with the way to Settings. */
  keyProblem: string | null;
  disabled: boolean;
}

/**
 * The Summary box with Copy Summary (spec part 2 §2). Editable: the bot reads the summary before
 * every answer, so the operator must be able to correct what the model got wrong or add what it
 * left out; the edit is saved with the bot like any other field.
 */
export function SummaryBox({ summary, onChange, keyProblem, disabled }: SummaryBoxProps) {
  const toast = useToast();
  return (
    <FormSection title={TEXTS.summaryHeading}>
      {keyProblem ? (
        <Callout.Root color="amber" size="1">
          <Callout.Text>
            {keyProblem}{' '}
            <Link asChild>
              <RouterLink to="/settings">{TEXTS.openSettings}</RouterLink>
            </Link>
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <TextAreaField
        label={TEXTS.summaryLabel}
        value={summary}
        onChange={onChange}
        rows={8}
        disabled={disabled}
        hint={TEXTS.summaryHint}
      />
      <Flex>
        <CopyButton
          text={summary}
          label={TEXTS.copySummary}
          disabled={summary.trim() === ''}
          onCopied={(ok) => (ok ? toast.success(TEXTS.summaryCopied) : toast.error(TEXTS.summaryCopyFailed))}
        />
      </Flex>
    </FormSection>
  );
}
