/**
 * /account-settings/billing (spec section 2 'Account settings'): the payment provider's billing page in a frame
 * 1200 px high in production, 'Loading reporting' until its address arrives; elsewhere 'payments not available'.
 */
import { useSession } from '../../dataProvider/session';
import { PageLayout } from '../../components/PageLayout';
import { ProviderFrame } from './ProviderFrame';

export const BILLING_FRAME_HEIGHT = 1200;

export function BillingPage() {
  const { publisher } = useSession();
  return (
    <PageLayout titleKey="accountSettings.billing">
      {publisher && <ProviderFrame reportType="billing" publisher={publisher} height={BILLING_FRAME_HEIGHT} titleKey="payments.billingFrame" />}
    </PageLayout>
  );
}
