/**
 * Frame of the publisher chooser, which has no side menu (no publisher yet): header with the product name,
 * language switcher and logout (on a phone the logo and icons only, so the header fits 360 px), the notices,
 * then one card. A skip link leads past the header, as on every page with one.
 */
import { useEffect, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout } from 'react-admin';
import { useI18n } from '../../i18n/I18nContext';
import { EnvironmentBanner } from '../../components/EnvironmentBanner';
import { LanguageMenu } from '../../components/LanguageMenu';
import { Logo } from '../../components/Logo';
import { NoticeOutlet } from '../../notices/NoticeOutlet';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';

export function ChooserFrame({ title, children }: { title: string; children: ReactNode }) {
  const { translate } = useI18n();
  const logout = useLogout();
  const appName = translate('app.name');
  const logoutLabel = translate('menu.logout');
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppBar position="static" component="header" elevation={1}>
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: 1, fontWeight: 600 }}>
            <Logo />
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {appName}
            </Box>
          </Box>
          <EnvironmentBanner />
          <LanguageMenu />
          <IconButton color="inherit" aria-label={logoutLabel} title={logoutLabel} onClick={() => void logout()} sx={{ display: { sm: 'none' } }}>
            <LogoutIcon />
          </IconButton>
          <Button
            color="inherit"
            startIcon={<LogoutIcon />}
            onClick={() => void logout()}
            sx={{ textTransform: 'none', display: { xs: 'none', sm: 'inline-flex' } }}
          >
            {logoutLabel}
          </Button>
        </Toolbar>
      </AppBar>
      <Box component={NoticeOutlet} sx={{ px: 2 }} />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ outline: 'none', flex: 1, display: 'flex', justifyContent: 'center', px: 2, py: 6 }}>
        <Paper sx={{ width: '100%', maxWidth: 560, p: { xs: 3, sm: 4 }, alignSelf: 'flex-start' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 3 }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
