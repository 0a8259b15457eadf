import { Flex, Text } from '@radix-ui/themes';
import { useId, useMemo, useState } from 'react';
import { EDITOR_HEIGHTS } from '../../../shared/defaults.js';
import { CodeEditor, type ReportedProblem } from '../../components/code/CodeEditor.js';
import { describeProblem, type SyntaxProblem } from '../../components/code/syntaxProblems.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { TextInput } from '../../components/TextInput.js';
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
  /** What every field takes from the form: its value, its setter and the error from saving. */
  const bind = <F extends ToolFormField>(field: F) => ({
    value: form[field],
    error: errors[field],
    onChange: (value: string) => onChange(field, value),
  });
  /** The text fields also take their label, the lock and `required`. */
  const text = (field: 'name' | 'description' | 'type') => ({
    label: FIELD_LABELS[field],
    ...bind(field),
    required: true,
    disabled,
  });
  return (
    <Flex direction="column" gap="4">
      <TextInput {...text('name')} hint="The name the model calls, e.g. get_weather" />
      <TextAreaField {...text('description')} rows={3} hint="Tells the model what the tool does and when to use it" />
      <TextInput {...text('type')} hint="The data type the tool returns, usually 'string'" />
      <CodeField field="parameters" {...bind('parameters')} hint="A JSON Schema object describing the arguments" />
      <CodeField
        field="handler_code"
        {...bind('handler_code')}
        errorAt={handlerErrorAt}
        hint="JavaScript defining async function handler(args, { values })"
      />
    </Flex>
  );
}
