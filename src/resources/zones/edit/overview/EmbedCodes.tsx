/**
 * The zone's embed codes (spec section 2 'Overview'; not for app zones): standard, ad-server-ready (async),
 * in-video VAST and VMAP, VAST in-stream and out-stream, each with its copy button (3-second toast).
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useGetMany } from 'react-admin';
import { CodeBlock } from '../../../../components/CodeBlock';
import { CopyButton } from '../../../../components/CopyButton';
import { LoadError } from '../../../../components/LoadError';
import { SectionCard } from '../../../../components/SectionCard';
import type { EmbedCodesRecord } from '../../../../dataProvider/resources';
import { useI18n } from '../../../../i18n/I18nContext';

type EmbedCodeField = Exclude<keyof EmbedCodesRecord, 'trackingId' | 'id'>;

/** The order the spec lists them in. */
export const EMBED_CODE_FIELDS: readonly EmbedCodeField[] = [
  'standardCode',
  'adServerReadyCode',
  'inVideoVastTag',
  'inVideoVMapTag',
  'inVastTag',
  'outVastTag',
];

export function EmbedCodes({ zoneId }: { zoneId: number }) {
  const { translate } = useI18n();
  // Codes are built from the zone id alone: they never change for a zone.
  const codes = useGetMany<EmbedCodesRecord>('embedCodes', { ids: [zoneId] }, { staleTime: Infinity });
  // An app zone has none (the contract leaves it out of the answer).
  const data = codes.data?.find((entry) => entry.id === zoneId);
  return (
    <SectionCard title={translate('zoneEdit.embedCodes.title')}>
      {codes.isPending ? (
        <LinearProgress aria-label={translate('common.loading')} />
      ) : codes.isLoadingError ? (
        <LoadError onRetry={() => void codes.refetch()} />
      ) : !data ? (
        <Typography color="text.secondary">{translate('zoneEdit.embedCodes.none')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          {EMBED_CODE_FIELDS.map((field) => {
            const label = translate(`zoneEdit.embedCodes.${field}`);
            const code = data[field];
            return (
              <Box key={field} sx={{ display: 'grid', gap: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {label}
                  </Typography>
                  <CopyButton text={code} label={translate('zoneEdit.embedCodes.copy', { name: label })} />
                </Box>
                <CodeBlock label={label} wrap>
                  {code}
                </CodeBlock>
              </Box>
            );
          })}
        </Box>
      )}
    </SectionCard>
  );
}
