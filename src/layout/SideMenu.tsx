/**
 * Contents of the collapsible side menu (spec section 2 'Main layout'): logo and title linking to
 * /home/reporting, the change-publisher button (internal users, or more than one publisher; shows the current
 * publisher's name when expanded), the destinations the user may open, and logout (clears auth, publisher and
 * publishers state through the authProvider, then /login). Collapsed, every entry keeps an accessible name and
 * a tooltip.
 */
import type { ComponentType, ReactElement } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Tooltip from '@mui/material/Tooltip';
import Divider from '@mui/material/Divider';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import BarChartIcon from '@mui/icons-material/BarChart';
import PaymentsIcon from '@mui/icons-material/Payments';
import WebIcon from '@mui/icons-material/Web';
import BlockIcon from '@mui/icons-material/Block';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import SettingsIcon from '@mui/icons-material/Settings';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PublicIcon from '@mui/icons-material/Public';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import LogoutIcon from '@mui/icons-material/Logout';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useLogout } from 'react-admin';
import { canAccess, subjectFromSession } from '../dataProvider/canAccess';
import { useSession } from '../dataProvider/session';
import { useI18n } from '../i18n/I18nContext';
import { Logo } from '../components/Logo';
import { ownAccountMenu, sectionTarget, visibleMenu, type MenuIcon } from './menuEntries';

const ICONS: Record<MenuIcon, ComponentType<SvgIconProps>> = {
  reporting: BarChartIcon,
  payments: PaymentsIcon,
  zones: WebIcon,
  blocks: BlockIcon,
  review: PhotoLibraryIcon,
  alerts: NotificationsIcon,
  network: PublicIcon,
  accountSettings: SettingsIcon,
};

const activeLink = {
  '&.active': {
    bgcolor: 'action.selected',
    color: 'primary.main',
    fontWeight: 600,
    '& .MuiListItemIcon-root': { color: 'primary.main' },
  },
} as const;

export interface SideMenuProps {
  open: boolean;
  /** Called after a destination is chosen (closes the menu on small screens). */
  onNavigate?: () => void;
  /** Only the user's own account pages (password, security): the team requires what the user lacks (issue 30). */
  ownAccountOnly?: boolean;
}

export function SideMenu({ open, onNavigate, ownAccountOnly = false }: SideMenuProps) {
  const { translate } = useI18n();
  const state = useSession();
  const subject = subjectFromSession(state);
  const logout = useLogout();
  const sections = ownAccountOnly ? ownAccountMenu(subject) : visibleMenu(subject);
  const appName = translate('app.name');
  const { pathname } = useLocation();

  const withTooltip = (label: string, node: ReactElement) =>
    open ? (
      node
    ) : (
      <Tooltip title={label} placement="right">
        {node}
      </Tooltip>
    );

  return (
    // The whole menu is the navigation landmark: home link, publisher switch, destinations and logout.
    <Box
      component="nav"
      aria-label={translate('menu.navigation')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }}
    >
      <Box
        component={Link}
        to="/home/reporting"
        onClick={onNavigate}
        aria-label={open ? undefined : translate('menu.home')}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2.5,
          minHeight: 64,
          color: 'primary.main',
          textDecoration: 'none',
          fontWeight: 700,
          fontSize: '1.05rem',
          whiteSpace: 'nowrap',
        }}
      >
        <Logo />
        {open && <span>{appName}</span>}
      </Box>
      <Divider />
      {canAccess(subject, 'change-publisher') &&
        withTooltip(
          translate('menu.changePublisher'),
          <ListItemButton
            component={Link}
            to="/browse"
            onClick={onNavigate}
            aria-label={
              open && state.publisher
                ? `${translate('menu.changePublisher')} (${translate('menu.currentPublisher', { name: state.publisher.name })})`
                : translate('menu.changePublisher')
            }
            // ListItemButton grows by default (it is made for ListItem rows); this column must not stretch it.
            sx={{ py: 1, flexGrow: 0 }}
          >
            <ListItemIcon>
              <SwapHorizIcon />
            </ListItemIcon>
            {open && (
              <ListItemText
                primary={state.publisher?.name ?? translate('menu.changePublisher')}
                secondary={translate('menu.changePublisher')}
                slotProps={{ primary: { noWrap: true, fontWeight: 600 }, secondary: { noWrap: true } }}
              />
            )}
          </ListItemButton>,
        )}
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        <List dense={false} disablePadding>
          {sections.map((section) => {
            const Icon = ICONS[section.icon];
            const label = translate(section.labelKey);
            if (section.children && open) {
              const headingId = `menu-section-${section.icon}`;
              return (
                <li key={section.to}>
                  <Typography
                    id={headingId}
                    component="div"
                    variant="body2"
                    sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1, pb: 0.25, color: 'text.secondary', fontWeight: 600 }}
                  >
                    {/* Same icon column as the other entries, so every label starts on one line. */}
                    <Box component="span" sx={{ minWidth: 56, display: 'inline-flex' }}>
                      <Icon aria-hidden="true" />
                    </Box>
                    {label}
                  </Typography>
                  <List disablePadding aria-labelledby={headingId}>
                    {section.children.map((child) => (
                      <li key={child.to}>
                        {/* Dense, as the areas above: with every account page listed, the whole menu fits a 1400 x 900 window (issue 30). */}
                        <ListItemButton component={NavLink} to={child.to} onClick={onNavigate} dense sx={{ pl: 9, ...activeLink }}>
                          {/* No text margin: with the ad review and the ads.txt monitor the menu still fits 1400 x 900. */}
                          <ListItemText primary={translate(child.labelKey)} sx={{ my: 0 }} />
                        </ListItemButton>
                      </li>
                    ))}
                  </List>
                </li>
              );
            }
            // Collapsed, a section with children is one icon leading to its first child, lit for any of them.
            const inSection = section.children !== undefined && pathname.startsWith(`${section.to}/`);
            return (
              <li key={section.to}>
                {withTooltip(
                  label,
                  <ListItemButton
                    component={NavLink}
                    to={sectionTarget(section)}
                    onClick={onNavigate}
                    aria-label={open ? undefined : label}
                    className={inSection ? 'active' : undefined}
                    dense
                    sx={activeLink}
                  >
                    <ListItemIcon>
                      <Icon />
                    </ListItemIcon>
                    {open && <ListItemText primary={label} sx={{ my: 0 }} />}
                  </ListItemButton>,
                )}
              </li>
            );
          })}
        </List>
      </Box>
      <Divider />
      {withTooltip(
        translate('menu.logout'),
        <ListItemButton
          onClick={() => void logout()}
          aria-label={open ? undefined : translate('menu.logout')}
          sx={{ py: 1.5, flexGrow: 0 }}
        >
          <ListItemIcon>
            <LogoutIcon />
          </ListItemIcon>
          {open && <ListItemText primary={translate('menu.logout')} />}
        </ListItemButton>,
      )}
    </Box>
  );
}
