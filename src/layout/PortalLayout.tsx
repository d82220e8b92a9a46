/**
 * The signed-in portal's layout (react-admin `layout`): collapsible side menu, header (kept at the top while the
 * page scrolls), maintenance notice, the notices' band, GDPR banner, the page, footer.
 *
 * Notices (issue 21): a notice appearing must not push the page down under the user's pointer. The top of every
 * page reserves a band one notice high where they appear, so a notice covers none of the page's controls and moves
 * nothing; only a stack taller than the band (several notices, or a long one on a phone) grows it by the rest. The
 * band stays under the header while the page scrolls (it lets clicks through where it holds no notice), so a notice
 * that arrives while the user is further down is seen, over the content, like a toast. Landmarks: banner (header), navigation (menu), main, contentinfo (footer),
 * with a skip link to the main content. Without a selected publisher every page first goes to /browse
 * (spec section 2 'Publisher chooser'); without a token (just logged out) to /login. A member removed from the
 * publisher's team sees that instead (NoLongerMember); one whose team now requires two-factor sign-in they lack,
 * their own account pages only (TwoFactorLocked, issue 30).
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
import { useFreshPublisher } from './useFreshPublisher';
import { TwoFactorLocked, TwoFactorLockedBanner } from './TwoFactorLocked';
import { NoLongerMember } from '../custom-pages/browse';
import { paths } from '../routes';
import { SessionKeeper } from './SessionKeeper';

export const MENU_WIDTH = 260;
export const MENU_COLLAPSED_WIDTH = 64;

/** The band reserved for notices at the top of each page: one notice (and the stack's padding) high. */
export const NOTICE_BAND_HEIGHT = 68;
const HEADER_HEIGHT_VAR = '--portal-header-height';

/**
 * Keeps what the keyboard focuses clear of the header and the notices kept at the top: the page scrolls focused
 * elements into view below them (WCAG 2.4.11), however tall the notices make them; and tells the notices' band how
 * far down to stick. A callback ref on the header's box; the notices' outlet has the id NOTICES_ID.
 */
function keepScrollPaddingBelow(element: HTMLElement | null) {
  if (!element || typeof ResizeObserver === 'undefined') return undefined;
  const root = document.documentElement;
  const notices = () => document.getElementById(NOTICES_ID);
  // Both heights read before anything is written, and nothing written that is unchanged: a write to the root's
  // style makes the whole page's style stale, and a read after it recomputed it at once (bench:ad-review, issue 28).
  const update = () => {
    const header = `${element.offsetHeight}px`;
    const padding = `${element.offsetHeight + (notices()?.offsetHeight ?? 0)}px`;
    if (root.style.getPropertyValue(HEADER_HEIGHT_VAR) !== header) root.style.setProperty(HEADER_HEIGHT_VAR, header);
    if (root.style.scrollPaddingTop !== padding) root.style.scrollPaddingTop = padding;
  };
  const observer = new ResizeObserver(update);
  observer.observe(element);
  const outlet = notices();
  if (outlet) observer.observe(outlet);
  return () => {
    observer.disconnect();
    root.style.scrollPaddingTop = '';
    root.style.removeProperty(HEADER_HEIGHT_VAR);
  };
}

const NOTICES_ID = 'portal-notices';

export function PortalLayout({ children }: { children?: ReactNode }) {
  const { token, publisher } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useSidebarState();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const standing = useFreshPublisher();

  // Signed out (logout clears the session before react-admin navigates, or another tab signed out): straight to
  // sign-in. Sending the user to the chooser first ran its auth check, which failed and left two never-fading
  // 'Please login to continue' errors on the login page and, after signing in again, in the portal.
  if (token === null) return <Navigate to="/login" replace />;
  if (publisher === null) return <Navigate to="/browse" replace />;
  // Removed from the team (issue 30): no menu of pages that would all fail, but what happened and what is left.
  if (standing === 'removed') return <NoLongerMember publisher={publisher} />;
  // The team now requires two-factor sign-in: the member's own account pages open, every other says why not.
  const locked = standing === 'twoFactorRequired';
  const ownAccountPage = pathname.startsWith(paths.security) || pathname.startsWith(paths.passwordUpdate);

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
        <SideMenu open={small || open} onNavigate={small ? () => setOpen(false) : undefined} ownAccountOnly={locked} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box ref={keepScrollPaddingBelow} sx={{ position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar, bgcolor: 'background.default' }}>
          <Header menuOpen={open} onToggleMenu={() => setOpen(!open)} publisherAreas={!locked} />
        </Box>
        <MaintenanceNotice />
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, px: { xs: 2, md: 3 }, outline: 'none' }}>
          {/* The notices' band: reserved at the page's top, kept under the header while scrolling (see above). Its
              lower part overlaps the page's own top padding, where there is nothing to click. */}
          <Box
            sx={{
              position: 'sticky',
              top: `var(${HEADER_HEIGHT_VAR}, 64px)`,
              zIndex: (theme) => theme.zIndex.appBar - 1,
              minHeight: NOTICE_BAND_HEIGHT,
              mb: -3,
              pointerEvents: 'none',
            }}
          >
            <Box component={NoticeOutlet} id={NOTICES_ID} sx={{ pointerEvents: 'auto', maxHeight: '50vh', overflowY: 'auto' }} />
          </Box>
          <GdprBanner />
          {locked && ownAccountPage && <TwoFactorLockedBanner publisher={publisher.name} />}
          <PageErrorBoundary resetKey={pathname}>
            <Suspense fallback={<Loading />}>{locked && !ownAccountPage ? <TwoFactorLocked publisher={publisher.name} /> : children}</Suspense>
          </PageErrorBoundary>
        </Box>
        <Footer />
      </Box>
      <SessionKeeper />
    </Box>
  );
}
