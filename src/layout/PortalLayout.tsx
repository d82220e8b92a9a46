/**
 * The signed-in portal's layout (react-admin `layout`): collapsible side menu, header with the notices under it
 * (both kept at the top while the page scrolls; notices push the page down rather than cover it, see
 * NoticeOutlet), maintenance notice, GDPR banner, the page, footer. Landmarks: banner (header), navigation (menu), main, contentinfo (footer),
 * with a skip link to the main content. Without a selected publisher every page first goes to /browse
 * (spec section 2 'Publisher chooser'); without a token (just logged out) to /login.
 */
import { Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading, useSidebarState } from 'react-admin';
import { useSession } from '../dataProvider/session';
import { Footer } from './Footer';
import { GdprBanner } from './GdprBanner';
import { Header, SIDE_MENU_ID } from './Header';
import { MAIN_CONTENT_ID, SkipLink } from '../components/SkipLink';
import { MaintenanceNotice } from './MaintenanceNotice';
import { NoticeOutlet } from '../notices/NoticeOutlet';
import { PageErrorBoundary } from './PageErrorBoundary';
import { SideMenu } from './SideMenu';
import { SessionKeeper } from './SessionKeeper';

export const MENU_WIDTH = 260;
export const MENU_COLLAPSED_WIDTH = 64;

/**
 * Keeps what the keyboard focuses clear of the header and notices kept at the top: the page scrolls focused
 * elements into view below them (WCAG 2.4.11), however tall the notices make them. A callback ref.
 */
function keepScrollPaddingBelow(element: HTMLElement | null) {
  if (!element || typeof ResizeObserver === 'undefined') return undefined;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    root.style.scrollPaddingTop = `${element.offsetHeight}px`;
  });
  observer.observe(element);
  return () => {
    observer.disconnect();
    root.style.scrollPaddingTop = '';
  };
}

export function PortalLayout({ children }: { children?: ReactNode }) {
  const { token, publisher } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useSidebarState();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });

  // Signed out (logout clears the session before react-admin navigates, or another tab signed out): straight to
  // sign-in. Sending the user to the chooser first ran its auth check, which failed and left two never-fading
  // 'Please login to continue' errors on the login page and, after signing in again, in the portal.
  if (token === null) return <Navigate to="/login" replace />;
  if (publisher === null) return <Navigate to="/browse" replace />;

  const width = open ? MENU_WIDTH : MENU_COLLAPSED_WIDTH;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <Drawer
        id={SIDE_MENU_ID}
        variant={small ? 'temporary' : 'permanent'}
        open={small ? open : true}
        onClose={() => setOpen(false)}
        sx={{
          width: small ? undefined : width,
          flexShrink: 0,
          '& .MuiDrawer-paper': {
            width: small ? MENU_WIDTH : width,
            boxSizing: 'border-box',
            transition: (theme) => theme.transitions.create('width'),
          },
        }}
      >
        <SideMenu open={small || open} onNavigate={small ? () => setOpen(false) : undefined} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box ref={keepScrollPaddingBelow} sx={{ position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar, bgcolor: 'background.default' }}>
          <Header menuOpen={open} onToggleMenu={() => setOpen(!open)} />
          <Box component={NoticeOutlet} sx={{ px: { xs: 2, md: 3 }, maxHeight: '50vh', overflowY: 'auto' }} />
        </Box>
        <MaintenanceNotice />
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, px: { xs: 2, md: 3 }, outline: 'none' }}>
          <GdprBanner />
          <PageErrorBoundary resetKey={pathname}>
            <Suspense fallback={<Loading />}>{children}</Suspense>
          </PageErrorBoundary>
        </Box>
        <Footer />
      </Box>
      <SessionKeeper />
    </Box>
  );
}
