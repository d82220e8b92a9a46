/**
 * A notice whose button acts on a page ('Edit name again' on the zone's overview) goes when the user leaves that
 * page (issue 21): on another page the button would do nothing, or the wrong thing. Notices of no page (a failed
 * save's general error, the stale-data warning with its retry) stay as the spec asks. Mounted with the notice
 * surface (AdminNotifications), inside the router.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useNoticeList, useNotices } from './NoticesProvider';

export function useNoticesStayOnTheirPage(): void {
  const { pathname } = useLocation();
  const notices = useNoticeList();
  const { dismiss } = useNotices();
  useEffect(() => {
    for (const notice of notices) if (notice.page !== undefined && notice.page !== pathname) dismiss(notice.id);
  }, [pathname, notices, dismiss]);
}
