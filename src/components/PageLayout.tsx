/**
 * The shared frame of a portal page: one h1 (the page's name, also the document title), optional actions
 * beside it, then the content. Later screens build on it:
 *
 *   <PageLayout titleKey="zones.title" actions={<CreateButton />}>...</PageLayout>
 */
import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useI18n } from '../i18n/I18nContext';

export interface PageLayoutProps {
  /** i18n key of the title... */
  titleKey?: string;
  titleValues?: Record<string, unknown>;
  /** ...or a title already translated. */
  title?: string;
  actions?: ReactNode;
  children?: ReactNode;
}

export function PageLayout({ titleKey, titleValues, title, actions, children }: PageLayoutProps) {
  const { translate } = useI18n();
  const heading = title ?? (titleKey ? translate(titleKey, titleValues) : '');
  const appName = translate('app.name');

  useEffect(() => {
    document.title = heading ? `${heading} · ${appName}` : appName;
  }, [heading, appName]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {heading}
        </Typography>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
      {children}
    </Box>
  );
}
