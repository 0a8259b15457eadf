import { Flex, Text } from '@radix-ui/themes';
import { useId, useMemo, useState } from 'react';
import { EDITOR_HEIGHTS } from '../../../shared/defaults.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { TextInput } from '../../components/TextInput.js';
import { CodeEditor, type ReportedProblem } from './CodeEditor.js';
import { describeProblem, type SyntaxProblem } from './syntaxProblems.js';
import { FIELD_LABELS, type ToolForm, type ToolFormErrors, type ToolFormField } from './toolForm.js';

export interface ToolFieldsProps {
  form: ToolForm;
  errors: ToolFormErrors;
  /** Where in the handler code the server's error is (a syntax error's line and column). */
  handlerErrorAt?: { line: number; column: number } | null;
  onChange: (field: ToolFormField, value: string) => void;
  disabled?: boolean;
}

/**
 * A code editor with a visible label above it and its message below: the error from saving, else
 * (handler code) the first syntax error found while typing, else the hint.
 */
function CodeField(props: {
  field: 'parameters' | 'handler_code';
  value: string;
  error: string | undefined;
  errorAt?: { line: number; column: number } | null;
  hint: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [live, setLive] = useState<SyntaxProblem | null>(null);
  const handler = props.field === 'handler_code';
  const { error, errorAt } = props;
  // Stable while the error stands: a new object would move the cursor back to it on every render.
  const reported = useMemo<ReportedProblem | null>(
    () => (error && errorAt ? { line: errorAt.line, column: errorAt.column, message: error } : null),
    [error, errorAt],
  );
  const reportLive = (problems: SyntaxProblem[]) => {
    const first = problems[0] ?? null;
    setLive((current) => (current && first && describeProblem(current) === describeProblem(first) ? current : first));
  };
  const liveText = handler && live ? describeProblem(live) : undefined;
  const message = props.error ?? liveText ?? props.hint;
  return (
    <Flex direction="column" gap="1">
      <Text as="div" size="2" weight="medium" id={`${id}-label`}>
        {FIELD_LABELS[props.field]}
      </Text>
      <CodeEditor
        value={props.value}
        onChange={props.onChange}
        language={handler ? 'javascript' : 'json'}
        height={handler ? EDITOR_HEIGHTS.handler : EDITOR_HEIGHTS.parameters}
        label={FIELD_LABELS[props.field]}
        describedBy={`${id}-message`}
        invalid={Boolean(props.error ?? liveText)}
        {...(handler ? { onSyntaxProblems: reportLive, reportedProblem: reported } : {})}
      />
      <Text
        id={`${id}-message`}
        size="1"
        color={props.error || liveText ? 'red' : 'gray'}
        role={props.error ? 'alert' : undefined}
        aria-live={props.error ? undefined : 'polite'}
      >
        {message}
      </Text>
    </Flex>
  );
}

/** Tool Name, Description, Tool Type, Parameters and Handler Code (spec part 2 §2 "Tool editor"). */
export function ToolFields({ form, errors, handlerErrorAt, onChange, disabled }: ToolFieldsProps) {
  return (
    <Flex direction="column" gap="4">
      <TextInput
        label={FIELD_LABELS.name}
        value={form.name}
        onChange={(value) => onChange('name', value)}
        required
        disabled={disabled}
        error={errors.name}
        hint="The name the model calls, e.g. get_weather"
      />
      <TextAreaField
        label={FIELD_LABELS.description}
        value={form.description}
        onChange={(value) => onChange('description', value)}
        rows={3}
        required
        disabled={disabled}
        error={errors.description}
        hint="Tells the model what the tool does and when to use it"
      />
      <TextInput
        label={FIELD_LABELS.type}
        value={form.type}
        onChange={(value) => onChange('type', value)}
        required
        disabled={disabled}
        error={errors.type}
        hint="The data type the tool returns, usually 'string'"
      />
      <CodeField
        field="parameters"
        value={form.parameters}
        error={errors.parameters}
        hint="A JSON Schema object describing the arguments"
        onChange={(value) => onChange('parameters', value)}
      />
      <CodeField
        field="handler_code"
        value={form.handler_code}
        error={errors.handler_code}
        errorAt={handlerErrorAt}
        hint="JavaScript defining async function handler(args, { values })"
        onChange={(value) => onChange('handler_code', value)}
      />
    </Flex>
  );
}
