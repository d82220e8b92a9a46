// Types of check-budget.mjs for the TypeScript callers (the browser test that checks the budget's reading of
// dist/ against what Chromium really downloads).
export interface ChunkSize {
  /** dist-relative path, e.g. assets/index-3f2a1b.js */
  file: string;
  bytes: number;
  br: number;
  gz: number;
  /** Source entry from the Vite manifest, when the build writes one. */
  source?: string;
}

export interface BundleMeasure {
  manifest: boolean;
  initial: ChunkSize[];
  lazy: ChunkSize[];
}

export function htmlTags(html: string): { tag: string; attributes: Record<string, string> }[];
export function measureBundle(distDir: string): Promise<BundleMeasure>;
