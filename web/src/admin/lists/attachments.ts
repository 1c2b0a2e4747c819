import type { AttachmentFile, AttachmentToOpen } from '@sourcing/shared';

/** Resolves a signed attachment URL (relative to the API origin, or absolute) to an absolute URL. */
export function attachmentHref(file: Pick<AttachmentToOpen, 'url'>, apiBaseUrl: string, pageOrigin: string): string {
  return new URL(file.url, apiBaseUrl || pageOrigin).toString();
}

export type PreviewKind = 'image' | 'pdf' | 'none';

/** Images and PDFs are shown inline in the detail view; other files only get a link. */
export function previewKind(file: Pick<AttachmentFile, 'mimeType'>): PreviewKind {
  if (file.mimeType.startsWith('image/')) return 'image';
  if (file.mimeType === 'application/pdf') return 'pdf';
  return 'none';
}

/** '12 KB', '3.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
