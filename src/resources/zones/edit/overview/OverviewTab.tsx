/**
 * The zone's overview (spec section 2): its products, its blocked URLs and, for web zones, its embed codes.
 * The title is edited in the header above (ZoneTitle), which is on every tab but editable here.
 */
import Box from '@mui/material/Box';
import type { ZoneRecord } from '../../../../dataProvider/resources';
import { ZONE_TYPE } from '../../../../lib/products';
import { BlockedUrls } from './BlockedUrls';
import { EmbedCodes } from './EmbedCodes';
import { ZoneDetails } from './ZoneDetails';
import { ZoneProducts } from './ZoneProducts';

export function OverviewTab({ zone }: { zone: ZoneRecord }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
      <ZoneDetails zone={zone} />
      <ZoneProducts zone={zone} />
      <BlockedUrls zoneId={zone.trackingId} />
      {zone.typeId !== ZONE_TYPE.app && <EmbedCodes zoneId={zone.trackingId} />}
    </Box>
  );
}
