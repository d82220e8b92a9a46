/**
 * The portal areas whose screens come in later issues (reporting, payments, account settings). Until then each route shows its translated title in the shared PageLayout, so navigation, guards
 * and titles can be used and tested now; each component here is replaced by its real screen.
 */
import { useParams } from 'react-router-dom';
import { PageLayout } from '../../layout/PageLayout';
import { isReportType } from '../../lib/reports';

export function ReportingArea() {
  const { reportingType = 'reporting' } = useParams();
  return <PageLayout titleKey={isReportType(reportingType) ? `reporting.types.${reportingType}` : 'reporting.title'} />;
}

export const PaymentsArea = () => <PageLayout titleKey="payments.title" />;
export const PreviousPaymentsArea = () => <PageLayout titleKey="payments.previousTitle" />;
export const BillingArea = () => <PageLayout titleKey="accountSettings.billing" />;
