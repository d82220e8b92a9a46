/**
 * The payment provider's page for the selected publisher (spec sections 2 'Payments' and 'Account settings /
 * Billing'): in production a frame of the given height, with 'Loading reporting' until the address has arrived
 * (the spec's text, for billing as for reporting); elsewhere the 'payments not available' notice.
 */
import Alert from '@mui/material/Alert';
import { EmbeddedFrame } from '../../components/frame/EmbeddedFrame';
import { useFrameAddress } from '../../components/frame/useFrameAddress';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import type { PaymentProviderReportType } from '../../dataProvider/customMethods';
import type { Publisher } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { businessUnitIdOf } from '../../dataProvider/session';
import { paymentsPageRules } from '../../lib/paymentInfo';

export interface ProviderFrameProps {
  reportType: PaymentProviderReportType;
  publisher: Publisher;
  height: number;
  titleKey: string;
}

export function ProviderFrame({ reportType, publisher, height, titleKey }: ProviderFrameProps) {
  const { translate } = useI18n();
  const rules = paymentsPageRules(getRuntimeConfig().environment, businessUnitIdOf(publisher));
  if (!rules.showProviderFrame) return <Alert severity="info">{translate('payments.notAvailable')}</Alert>;
  return <OpenFrame reportType={reportType} publisher={publisher} height={height} title={translate(titleKey)} />;
}

function OpenFrame({ reportType, publisher, height, title }: Omit<ProviderFrameProps, 'titleKey'> & { title: string }) {
  const address = useFrameAddress(['payment-provider', reportType, publisher.id], (dataProvider, signal) =>
    dataProvider.getPaymentProviderUrl(reportType, publisher, signal),
  );
  return <EmbeddedFrame address={address} title={title} height={height} loadingKey="reporting.loading" failureKey="payments.unavailable" />;
}
