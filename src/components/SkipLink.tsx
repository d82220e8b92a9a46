/**
 * 'Skip to content': the first thing the keyboard reaches on a page with a header, shown only when focused, leading
 * to the page's main landmark (id main-content, focusable with tabIndex -1).
 */
import Box from '@mui/material/Box';
import { useI18n } from '../i18n/I18nContext';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const { translate } = useI18n();
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip,
        bgcolor: 'background.paper',
        color: 'primary.main',
        px: 2,
        py: 1,
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {translate('app.skipToContent')}
    </Box>
  );
}
