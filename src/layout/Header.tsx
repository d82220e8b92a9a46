/**
 * The portal header (banner landmark): menu toggle, 'Acting for {publisher}' for network staff, the alerts (revenue
 * drops and ads.txt) with their unread count, environment banner and language switcher. It scrolls with
 * the notices under it (PortalLayout keeps both at the top), so it is not sticky itself.
 */
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { useI18n } from '../i18n/I18nContext';
import { ActingFor } from './ActingFor';
import { EnvironmentBanner } from '../components/EnvironmentBanner';
import { LanguageMenu } from '../components/LanguageMenu';
import { AlertsControl } from '../resources/alerts';

export const SIDE_MENU_ID = 'portal-side-menu';

/** `publisherAreas` false: the member may not work for the publisher now (TwoFactorLocked), so no alerts to read. */
export function Header({ menuOpen, onToggleMenu, publisherAreas = true }: { menuOpen: boolean; onToggleMenu: () => void; publisherAreas?: boolean }) {
  const { translate } = useI18n();
  const label = translate(menuOpen ? 'menu.collapse' : 'menu.expand');
  return (
    <AppBar position="static" component="header" elevation={1}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={label}
          title={label}
          aria-expanded={menuOpen}
          aria-controls={SIDE_MENU_ID}
          onClick={onToggleMenu}
        >
          {menuOpen ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <Box sx={{ flex: 1 }} />
        <ActingFor />
        {publisherAreas && <AlertsControl />}
        <EnvironmentBanner />
        <LanguageMenu />
      </Toolbar>
    </AppBar>
  );
}
