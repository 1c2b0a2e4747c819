import { EntitySchema } from 'typeorm';
import type { RecordKind } from '@sourcing/shared';
import { columnTypes, type Engine } from '../engine';

/** Index of accepted uploads by stored name, for serving them with their original name and type. */
export interface UploadedFileRow {
  storedName: string;
  originalName: string;
  mimeType: string;
  size: number;
  recordKind: RecordKind;
  recordId: string;
  createdAt: Date;
}

export const UPLOADED_FILE = 'UploadedFile';

export function uploadedFileEntity(engine: Engine) {
  const types = columnTypes(engine);
  return new EntitySchema<UploadedFileRow>({
    name: UPLOADED_FILE,
    tableName: 'uploaded_files',
    columns: {
      storedName: { type: 'text', primary: true },
      originalName: { type: 'text' },
      mimeType: { type: 'text' },
      size: { type: 'integer' },
      recordKind: { type: 'text' },
      recordId: { type: types.id },
      createdAt: { type: types.timestamp },
    },
  });
}
