import { useId } from 'react';
import { Flex, Text } from '@radix-ui/themes';
import { EDITOR_HEIGHTS } from '../../../shared/defaults.js';
import { TextAreaField } from '../../components/TextAreaField.js';
import { TextInput } from '../../components/TextInput.js';
import { CodeEditor } from './CodeEditor.js';
import { FIELD_LABELS, type ToolForm, type ToolFormErrors, type ToolFormField } from './toolForm.js';

export interface ToolFieldsProps {
  form: ToolForm;
  errors: ToolFormErrors;
  onChange: (field: ToolFormField, value: string) => void;
  disabled?: boolean;
}

/** A code editor with a visible label above it and its message below. */
function CodeField(props: {
  field: 'parameters' | 'handler_code';
  value: string;
  error: string | undefined;
  hint: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const language = props.field === 'parameters' ? 'json' : 'javascript';
  return (
    <Flex direction="column" gap="1">
      <Text as="div" size="2" weight="medium" id={`${id}-label`}>
        {FIELD_LABELS[props.field]}
      </Text>
      <CodeEditor
        value={props.value}
        onChange={props.onChange}
        language={language}
        height={props.field === 'parameters' ? EDITOR_HEIGHTS.parameters : EDITOR_HEIGHTS.handler}
        label={FIELD_LABELS[props.field]}
        describedBy={`${id}-message`}
        invalid={Boolean(props.error)}
      />
      <Text id={`${id}-message`} size="1" color={props.error ? 'red' : 'gray'} role={props.error ? 'alert' : undefined}>
        {props.error ?? props.hint}
      </Text>
    </Flex>
  );
}

/** Tool Name, Description, Tool Type, Parameters and Handler Code (spec part 2 §2 "Tool editor"). */
export function ToolFields({ form, errors, onChange, disabled }: ToolFieldsProps) {
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
        hint="JavaScript defining async function handler(args, { values })"
        onChange={(value) => onChange('handler_code', value)}
      />
    </Flex>
  );
}
