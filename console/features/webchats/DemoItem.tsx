import { Button, Card, Flex, Link, Text } from '@radix-ui/themes';
import { WEBCHAT_LIMITS } from '../../../shared/defaults.js';
import { formatDateTime, truncate } from '../../../shared/format.js';
import type { Demo } from '../../../shared/types/webchat.js';
import { CopyButton } from '../../components/CopyButton.js';
import { TrashIcon } from '../../components/icons.js';
import { useToast } from '../../components/ToastProvider.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';

const TEXTS = WEBCHAT_TEXTS.demo;

export interface DemoItemProps {
  demo: Demo;
  onDelete: () => void;
}

/** One demo (spec part 2 §2): link cut at 50, created date, Access URL or N/A, Copy URL, Delete. */
export function DemoItem({ demo, onDelete }: DemoItemProps) {
  const toast = useToast();
  const shortLink = truncate(demo.link, WEBCHAT_LIMITS.cutChars);
  return (
    <li data-testid="demo-item">
      <Card size="2">
        <Flex direction={{ initial: 'column', sm: 'row' }} justify="between" gap="3">
          <Flex direction="column" gap="1" minWidth="0">
            <Text size="2" weight="medium" title={demo.link} className="sb-demo-link">
              {shortLink}
            </Text>
            <Text size="1" color="gray">
              Created {formatDateTime(demo.created_at)}
            </Text>
            <Text size="2" className="sb-demo-link">
              Access URL:{' '}
              {demo.accessUrl ? (
                <Link href={demo.accessUrl} target="_blank" rel="noopener noreferrer">
                  {demo.accessUrl}
                </Link>
              ) : (
                TEXTS.notAvailable
              )}
            </Text>
          </Flex>
          <Flex gap="2" align="start" flexShrink="0">
            <CopyButton
              text={demo.accessUrl ?? ''}
              label="Copy URL"
              size="1"
              context={`(demo of ${shortLink})`}
              disabled={!demo.accessUrl}
              onCopied={(ok) => (ok ? toast.success(TEXTS.copied) : toast.error(TEXTS.copyFailed))}
            />
            <Button
              type="button"
              size="1"
              color="red"
              variant="soft"
              onClick={onDelete}
              aria-label={`Delete the demo of ${shortLink}`}
            >
              <TrashIcon /> Delete
            </Button>
          </Flex>
        </Flex>
      </Card>
    </li>
  );
}
