import { Box, Button, Callout, Flex, IconButton, Progress, Text } from '@radix-ui/themes';
import { type DragEvent, useRef, useState } from 'react';
import { DOCUMENT_ACCEPT } from '../../../shared/knowledge.js';
import { FormSection } from '../../components/FormSection.js';
import { CloseIcon } from '../../components/icons.js';
import { DOCUMENT_TEXTS as TEXTS } from './documentTexts.js';
import type { DocumentControls, DocumentUpload } from './useDocuments.js';

export interface DocumentsDropProps {
  documents: DocumentControls;
  disabled: boolean;
}

/**
 * Documents on the Knowledge Base tab (issue 24): a drop area whose Choose files button opens the
 * file picker (the keyboard's way in), the limits stated, and each file on its way: its upload
 * progress, "Extracting…" while the server reads it, or why it was refused.
 */
export function DocumentsDrop({ documents, disabled }: DocumentsDropProps) {
  const picker = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled && event.dataTransfer.files.length > 0) documents.add([...event.dataTransfer.files]);
  };
  return (
    <FormSection title={TEXTS.heading} description={TEXTS.intro}>
      <Box
        className="sb-kb-drop"
        data-over={over ? '' : undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Flex gap="2" align="center" justify="center" wrap="wrap">
          <Text size="2" color="gray">
            {TEXTS.dropHere}
          </Text>
          <Button type="button" variant="soft" onClick={() => picker.current?.click()} disabled={disabled}>
            {TEXTS.choose}
          </Button>
        </Flex>
        <input
          ref={picker}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          aria-label={TEXTS.pickerLabel}
          tabIndex={-1}
          hidden
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            // Cleared, so picking the same file again (after fixing it) fires again.
            event.currentTarget.value = '';
            if (files.length > 0) documents.add(files);
          }}
        />
      </Box>
      {documents.uploads.length > 0 ? (
        <ul className="sb-plain-list sb-kb-uploads" aria-label={TEXTS.uploadsLabel}>
          {documents.uploads.map((upload) => (
            <UploadRow key={upload.id} upload={upload} onDismiss={documents.dismiss} />
          ))}
        </ul>
      ) : null}
    </FormSection>
  );
}

function UploadRow({ upload, onDismiss }: { upload: DocumentUpload; onDismiss: (id: number) => void }) {
  if (upload.phase === 'failed') {
    return (
      <li>
        <Callout.Root color="red" size="1" role="alert">
          <Flex gap="2" align="start" justify="between">
            <Callout.Text className="sb-kb-wrap">
              {TEXTS.failed(upload.fileName, upload.error ?? TEXTS.uploadFailed)}
            </Callout.Text>
            <IconButton
              type="button"
              size="1"
              variant="ghost"
              color="gray"
              onClick={() => onDismiss(upload.id)}
              aria-label={TEXTS.dismiss(upload.fileName)}
            >
              <CloseIcon />
            </IconButton>
          </Flex>
        </Callout.Root>
      </li>
    );
  }
  const extracting = upload.phase === 'extracting';
  const status = extracting ? TEXTS.extracting : TEXTS.uploading(upload.percent);
  return (
    <li>
      <Flex direction="column" gap="1">
        <Flex gap="2" justify="between" wrap="wrap">
          <Text size="2" className="sb-kb-wrap">
            {upload.fileName}
          </Text>
          <Text size="1" color="gray" role="status">
            {status}
          </Text>
        </Flex>
        <Progress
          aria-label={TEXTS.progressLabel(upload.fileName)}
          aria-valuetext={status}
          {...(extracting ? { duration: '2s' } : { value: upload.percent })}
        />
      </Flex>
    </li>
  );
}
