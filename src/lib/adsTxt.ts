/**
 * ads.txt / app-ads.txt text from the API's lines (spec section 3 'Ads.txt line'). Returns text, no message keys.
 *
 * One line per entry, fields in the order exchangeDomain, sellerAccountId, accountType, tagId (only when present
 * and not blank). Fields are trimmed and joined with ', ' (comma and space), the separator used in the IAB ads.txt
 * specification's examples; parsers ignore the space. Lines are joined with '\n' and no trailing newline is
 * added, because the text is shown in a code block and copied as is.
 */

export interface AdsTxtLine {
  exchangeDomain: string;
  sellerAccountId: string;
  accountType: string;
  tagId?: string | null;
}

export const ADS_TXT_SEPARATOR = ', ';

export function renderAdsTxtLine(line: AdsTxtLine): string {
  const fields = [line.exchangeDomain, line.sellerAccountId, line.accountType].map((field) => field.trim());
  const tagId = line.tagId?.trim();
  if (tagId) fields.push(tagId);
  return fields.join(ADS_TXT_SEPARATOR);
}

export function renderAdsTxt(lines: readonly AdsTxtLine[]): string {
  return lines.map(renderAdsTxtLine).join('\n');
}
