/**
 * A creative's preview (issue 28): the portal's own signed address of its SVG in a frame that can do nothing. The
 * frame is `sandbox=""` (no allow-scripts, no allow-same-origin, no allow-top-navigation, no forms, no popups), so
 * whatever the ad's file holds runs nothing and reaches neither the console nor the top window; the server serves it
 * with a Content-Security-Policy that loads nothing but the portal's own files (renderCreativePreview). Lazy: a grid
 * of 100 cards loads only the previews in view. The frame is drawn at the creative's size and scaled down to fit its
 * box, so the ad looks as it served.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { CreativeRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { creativeName } from './creativeText';

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
  const scale = Math.min(1, width / creative.width, maxHeight / creative.height);
  return (
    <Box ref={box} sx={{ width: '100%', maxWidth, display: 'flex', justifyContent: 'center', bgcolor: 'grey.100', borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ width: creative.width * scale, height: creative.height * scale, overflow: 'hidden' }}>
        <iframe
          sandbox=""
          src={creative.previewUrl}
          title={translate('creatives.preview.title', { name: creativeName(creative, translate) })}
          loading="lazy"
          referrerPolicy="no-referrer"
          width={creative.width}
          height={creative.height}
          style={{ border: 0, display: 'block', transform: `scale(${scale})`, transformOrigin: 'top left' }}
        />
      </Box>
    </Box>
  );
}
