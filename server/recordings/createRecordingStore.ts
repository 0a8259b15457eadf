import { FolderRecordingStore } from './FolderRecordingStore.js';
import type { RecordingStore } from './RecordingStore.js';
import type { RecordingsConfig } from './recordingsConfig.js';
import { S3RecordingStore } from './S3RecordingStore.js';

/** The bucket when one is configured, else the folder under DATA_DIR. */
export function createRecordingStore(config: RecordingsConfig): RecordingStore {
  return config.s3 ? new S3RecordingStore(config.s3, config.spoolFolder) : new FolderRecordingStore(config.folder);
}
