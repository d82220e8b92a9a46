/**
 * File downloads (CSV exports, spec section 9: "Export file names include a timestamp; format CSV").
 * The server names the file in Content-Disposition; the console keeps that name.
 */

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*=UTF-8''...` wins over `filename="..."`.
 * Path separators are dropped so a hostile header cannot suggest a directory. Null when the header names none.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (header === null) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | null = null;
  if (extended?.[2] !== undefined) {
    try {
      name = decodeURIComponent(extended[2].trim());
    } catch {
      name = null;
    }
  }
  if (name === null) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim() ?? null;
  }
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe ? safe : null;
}
