/**
 * The ads.txt page loads on first use (the layout's Suspense shows progress meanwhile): its checker is code the
 * other screens never need.
 */
import { lazy } from 'react';

export const AdsTxtPage = lazy(() => import('./AdsTxtPage').then((m) => ({ default: m.AdsTxtPage })));
