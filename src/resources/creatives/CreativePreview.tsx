/**
 * A creative's preview (issue 28): the portal's own signed address of its SVG in a frame that can do nothing. The
 * frame is `sandbox=""` (no allow-scripts, no allow-same-origin, no allow-top-navigation, no forms, no popups), so
 * whatever the ad's file holds runs nothing and reaches neither the console nor the top window; the server serves it
 * with a Content-Security-Policy that loads nothing but the portal's own files (renderCreativePreview). The frame is
 * drawn at the creative's size and scaled down to fit its box, so the ad looks as it served.
 *
 * Lazy: a frame is created only once its box comes within NEAR_VIEW_PX of the window (an empty box of the same size
 * until then). Every frame is a document of its own and costs the browser tens of milliseconds to make; Chromium's
 * own `loading="lazy"` still makes the frames of a whole 20-card page (it loads those within 1,250 px or more), which
 * put the previews in view behind the others (bench:ad-review, issue 28).
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { CreativeRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { creativeName } from './creativeText';

/** How near below the window a preview's box must come for its frame to be made (px): about one card row. */
const NEAR_VIEW_PX = 400;

/**
 * A ref callback and whether its element has come near the window (once true, stays true). Elements already near
 * when drawn are known before the first paint, so their frames start with the page's first picture; the others are
 * watched. Without IntersectionObserver: at once. (The component tests' DOM has one that never reports, but lays
 * nothing out: every card is at the top of the window, so near when drawn.)
 */
function useNearView(): [ref: (element: HTMLElement | null) => (() => void) | undefined, near: boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    if (element.getBoundingClientRect().top < window.innerHeight + NEAR_VIEW_PX) return void setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: `0px 0px ${NEAR_VIEW_PX}px 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [near ? noRef : ref, near];
}
const noRef = () => undefined;

export function CreativePreview({ creative, maxWidth, maxHeight }: { creative: CreativeRecord; maxWidth: number; maxHeight: number }) {
  const { translate } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(maxWidth);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.min(maxWidth, entry?.contentRect.width || maxWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [maxWidth]);
  const [nearRef, near] = useNearView();
  const scale = Math.min(1, width / creative.width, maxHeight / creative.height);
  return (
    <Box ref={box} sx={{ width: '100%', maxWidth, display: 'flex', justifyContent: 'center', bgcolor: 'grey.100', borderRadius: 1, overflow: 'hidden' }}>
      <Box ref={nearRef} sx={{ width: creative.width * scale, height: creative.height * scale, overflow: 'hidden' }}>
        {near && (
          <iframe
            sandbox=""
            src={creative.previewUrl}
            title={translate('creatives.preview.title', { name: creativeName(creative, translate) })}
            referrerPolicy="no-referrer"
            width={creative.width}
            height={creative.height}
            style={{ border: 0, display: 'block', transform: `scale(${scale})`, transformOrigin: 'top left' }}
          />
        )}
      </Box>
    </Box>
  );
}
