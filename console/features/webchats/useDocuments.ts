import { useCallback, useEffect, useRef, useState } from 'react';
import { DOCUMENT_LIMITS } from '../../../shared/knowledge.js';
import { USER_QUOTAS } from '../../../shared/limits.js';
import type { DocumentResponse, KnowledgePage } from '../../../shared/types/knowledge.js';
import { useToast } from '../../components/ToastProvider.js';
import { useApi } from '../../lib/ApiProvider.js';
import { serverErrorText } from '../../lib/errors.js';
import { DOCUMENT_TEXTS as TEXTS } from './documentTexts.js';
import { isDocument } from './knowledge.js';
import { uploadDocument } from './uploadDocument.js';
import type { UpdateKnowledge } from './useWebchatEditor.js';

/** A file on its way into the knowledge: sending, being read by the server, or refused. */
export interface DocumentUpload {
  id: number;
  fileName: string;
  phase: 'uploading' | 'extracting' | 'failed';
  /** 0–100 while uploading. */
  percent: number;
  error?: string;
}

/** Uploads at once: the server reads a user's files a few at a time anyway. */
const PARALLEL = 2;

/** The document entry a file's text makes: Selected, like a crawled page. */
const entryOf = (answer: DocumentResponse): KnowledgePage => ({
  url: '',
  text: answer.text,
  selected: true,
  source_kind: 'document',
  file_name: answer.file_name,
});

/**
 * Documents dropped or picked on the Knowledge Base tab (issue 24): one request per file with its
 * progress, so a bad file fails alone. Each file's text lands in the form as an unsaved document
 * entry (a file of the same name replaces its entry); refused files stay listed with the server's
 * reason until dismissed. Held by the bot page, like the crawl, so uploads go on across tabs.
 */
export function useDocuments(documentCount: number, updateKnowledge: UpdateKnowledge) {
  const api = useApi();
  const toast = useToast();
  const [uploads, setUploads] = useState<DocumentUpload[]>([]);
  const nextId = useRef(1);
  const queue = useRef<Array<{ id: number; file: File }>>([]);
  const running = useRef(0);
  const controller = useRef(new AbortController());
  useEffect(() => () => controller.current.abort(), []);

  const patch = useCallback(
    (id: number, change: Partial<DocumentUpload>) =>
      setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload))),
    [],
  );

  const pump = useCallback(() => {
    while (running.current < PARALLEL && queue.current.length > 0) {
      const next = queue.current.shift();
      if (!next) return;
      running.current += 1;
      const { id, file } = next;
      void (async () => {
        try {
          const token = await api.tokens.fresh();
          const answer = await uploadDocument(
            file,
            token,
            {
              onProgress: (loaded, total) => patch(id, { percent: total > 0 ? Math.round((loaded / total) * 100) : 0 }),
              onSent: () => patch(id, { phase: 'extracting', percent: 100 }),
            },
            controller.current.signal,
          );
          updateKnowledge((current) => {
            const entry = entryOf(answer);
            const at = current.pages.findIndex((page) => isDocument(page) && page.file_name === entry.file_name);
            const pages =
              at < 0 ? [...current.pages, entry] : current.pages.map((page, i) => (i === at ? entry : page));
            return { ...current, pages };
          });
          setUploads((current) => current.filter((upload) => upload.id !== id));
          toast.success(TEXTS.added(1), { key: 'document-added' });
        } catch (error) {
          if (controller.current.signal.aborted) return;
          patch(id, { phase: 'failed', error: serverErrorText(error) ?? TEXTS.uploadFailed });
        } finally {
          running.current -= 1;
          pump();
        }
      })();
    }
  }, [api, patch, toast, updateKnowledge]);

  const add = useCallback(
    (files: readonly File[]) => {
      let room = USER_QUOTAS.knowledgeDocumentsPerWebchat - documentCount - queue.current.length - running.current;
      const added: DocumentUpload[] = [];
      for (const file of files) {
        const id = nextId.current++;
        const refusal = file.size > DOCUMENT_LIMITS.maxBytes ? TEXTS.tooLarge : room <= 0 ? TEXTS.tooMany : null;
        if (refusal) {
          added.push({ id, fileName: file.name, phase: 'failed', percent: 0, error: refusal });
          continue;
        }
        room -= 1;
        added.push({ id, fileName: file.name, phase: 'uploading', percent: 0 });
        queue.current.push({ id, file });
      }
      setUploads((current) => [...current, ...added]);
      pump();
    },
    [documentCount, pump],
  );

  const dismiss = useCallback(
    (id: number) => setUploads((current) => current.filter((upload) => upload.id !== id)),
    [],
  );

  return { uploads, add, dismiss, busy: uploads.some((upload) => upload.phase !== 'failed') };
}

export type DocumentControls = ReturnType<typeof useDocuments>;
