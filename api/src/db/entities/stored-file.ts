/** An accepted upload as kept in its record's JSON column. */
export interface StoredFile {
  storedName: string;
  originalName: string;
  mimeType: string;
  size: number;
}
