// Blocks made for one test through the API (the restriction bulk call), on an entity the test made (a zone of its
// own) or, on a server of its own, on its publisher: so a test changes only what it made (tests/e2e/README.md).
import type { APIRequestContext } from '@playwright/test';

export type RestrictionType = 'advertiser' | 'advertiser_domain' | 'iab_category';

export async function addBlocks(
  api: APIRequestContext,
  target: { entity: 'publisher' | 'zone'; id: number },
  blocks: Partial<Record<RestrictionType, string[]>>,
): Promise<void> {
  const data = Object.entries(blocks)
    .filter(([, values]) => (values ?? []).length > 0)
    .map(([type, values]) => ({ clusivity: 'EXCLUDE', type, restrictions: values }));
  const response = await api.post(`/external/${target.entity}/${target.id}/restrictions/bulk`, { data });
  if (!response.ok()) throw new Error(`adding blocks answered ${response.status()}: ${await response.text()}`);
}
