import { Flex, Text } from '@radix-ui/themes';
import { CopyButton } from '../../components/CopyButton.js';
import { FormSection } from '../../components/FormSection.js';
import { useToast } from '../../components/ToastProvider.js';
import { useIntegrationScript } from './api.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';

/** The one script tag a customer pastes into their pages (spec part 2 §2), with its copy button. */
export function IntegrationScriptPanel({ webchatId }: { webchatId: string }) {
  const script = useIntegrationScript(webchatId);
  const toast = useToast();
  return (
    <FormSection title={WEBCHAT_TEXTS.scriptTitle} description={WEBCHAT_TEXTS.scriptHelp} gap="3">
      {script.data ? (
        <Flex direction={{ initial: 'column', sm: 'row' }} gap="3" align={{ initial: 'stretch', sm: 'start' }}>
          <pre className="sb-webchat-script" style={{ flexGrow: 1 }} data-testid="integration-script">
            {script.data}
          </pre>
          <CopyButton
            text={script.data}
            label="Copy Script"
            onCopied={(ok) =>
              ok ? toast.success(WEBCHAT_TEXTS.scriptCopied) : toast.error(WEBCHAT_TEXTS.scriptCopyFailed)
            }
          />
        </Flex>
      ) : (
        <Text size="2" color={script.error ? 'red' : 'gray'} role="status">
          {script.error ? WEBCHAT_TEXTS.scriptLoadFailed : 'Loading script...'}
        </Text>
      )}
    </FormSection>
  );
}
