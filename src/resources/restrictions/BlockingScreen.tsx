/**
 * The blocking screen (spec section 2 'Blocking'), mounted twice: for the publisher at /global-advertiser-blocks
 * and for a zone on its blocking tab. The three sections (IAB categories, advertisers, advertiser domains), the
 * blocklist export and import, and the nested modal routes, each bookmarkable: iab/create, iab/{categoryId}/edit,
 * block-advertisers/create, block-advertiser-domains/create, import.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import UploadIcon from '@mui/icons-material/UploadFile';
import { useDataProvider } from 'react-admin';
import { Link as RouterLink, Route, Routes, useLocation } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import { useI18n } from '../../i18n/I18nContext';
import { DownloadButton } from '../../components/DownloadButton';
import { AdvertiserDialog } from './AdvertiserDialog';
import { BlockingSection, type BlockingSectionProps } from './BlockingSection';
import { DomainDialog } from './DomainDialog';
import { IabCreateDialog, IabEditDialog } from './IabDialogs';
import { ImportDialog } from './ImportDialog';
import { entityPath, type BlockingScope } from './scope';
import { blockingModalPaths } from '../../routes';
import { useMayCall } from '../../dataProvider/useMayCall';

export interface BlockingScreenProps {
  scope: BlockingScope;
  /** A zone's 'Hide Global Blocks' (kept in its URL by the tab). */
  hideGlobal?: boolean;
}

export function BlockingScreen({ scope, hideGlobal = false }: BlockingScreenProps) {
  const { translate } = useI18n();
  const location = useLocation();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const link = (path: string) => `${scope.basePath}/${path}${location.search}`;
  // A viewer reads the blocks and exports them; adding, editing and importing are for roles that may block.
  const canAdd = useMayCall('createRestrictions');
  const canChange = useMayCall('changeRestrictions');
  const canImport = useMayCall('importRestrictions');
  const keysOf = (area: string, empty: string) => ({
    title: `blocking.${area}.title`,
    message: `blocking.${area}.message`,
    messageIncluded: `blocking.${area}.messageIncluded`,
    add: `blocking.${area}.add`,
    empty: translate(empty),
  });
  const sections: Omit<BlockingSectionProps, 'scope' | 'hideGlobal'>[] = [
    {
      type: 'iab_category',
      addPath: blockingModalPaths.iabCreate,
      keys: keysOf('iabCategories', 'blocking.iabCategories.none'),
      toRow: (row) => {
        const parentId = row.parentId ?? row.advertisingRestrictionId;
        return {
          label: `${row.name} (${row.advertisingRestrictionId})`,
          detail: row.parentId ? translate('blocking.iabCategories.subOf', { parent: row.parentId }) : undefined,
          action:
            canChange && row.tag === null && row.clusivity === 'EXCLUDE' ? (
              <Link component={RouterLink} to={link(blockingModalPaths.iabEdit(parentId))} state={{ fromList: true }}>
                {translate('blocking.iabCategories.edit', { id: parentId })}
              </Link>
            ) : undefined,
        };
      },
    },
    {
      type: 'advertiser',
      addPath: blockingModalPaths.advertisers,
      keys: keysOf('advertisers', 'blocking.advertisers.empty'),
      toRow: (row) => ({
        label: row.name,
        detail: translate('blocking.advertisers.id', { id: row.advertisingRestrictionId }),
      }),
    },
    {
      type: 'advertiser_domain',
      addPath: blockingModalPaths.domains,
      keys: keysOf('domains', 'blocking.domains.empty'),
      toRow: (row) => ({ label: row.advertisingRestrictionId }),
    },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <DownloadButton operation="exportRestrictions" download={() => dataProvider.exportRestrictions(entityPath(scope))}>
          {translate('blocking.export')}
        </DownloadButton>
        {canImport && (
          <Button component={RouterLink} to={link(blockingModalPaths.import)} state={{ fromList: true }} variant="outlined" startIcon={<UploadIcon aria-hidden />}>
            {translate('blocking.import.open')}
          </Button>
        )}
      </Box>
      {sections.map((section) => (
        <BlockingSection key={section.type} scope={scope} hideGlobal={hideGlobal} {...section} />
      ))}
      {(canAdd || canChange || canImport) && (
        <Routes>
          <Route path={blockingModalPaths.iabCreate} element={<IabCreateDialog scope={scope} />} />
          <Route path={blockingModalPaths.iabEditPattern} element={<IabEditDialog scope={scope} />} />
          <Route path={blockingModalPaths.advertisers} element={<AdvertiserDialog scope={scope} />} />
          <Route path={blockingModalPaths.domains} element={<DomainDialog scope={scope} />} />
          <Route path={blockingModalPaths.import} element={<ImportDialog scope={scope} />} />
          <Route path="*" element={null} />
        </Routes>
      )}
    </Box>
  );
}
