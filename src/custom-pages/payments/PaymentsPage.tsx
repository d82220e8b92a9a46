/**
 * /payments and /payments/previous (spec section 2 'Payments'): the payment provider's page (810 px, production
 * only) or the previous payments from the ledger, the button between the two (production only, non-legacy
 * publishers: the rule in src/lib/paymentInfo.ts) and the 'important info' list, always.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Link as RouterLink } from 'react-router-dom';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import { businessUnitIdOf, useSession, type Publisher } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { PageLayout } from '../../components/PageLayout';
import { paymentsPageRules } from '../../lib/paymentInfo';
import { LedgerExportButton, NextPayment, PaymentLedger } from '../../resources/paymentLedger';
import { PaymentInfo } from './PaymentInfo';
import { ProviderFrame } from './ProviderFrame';
import { paths } from '../../routes';

export const PAYMENTS_FRAME_HEIGHT = 810;

function PaymentsLayout({ titleKey, switchTo, actions, children }: { titleKey: string; switchTo: 'current' | 'previous'; actions?: ReactNode; children: (publisher: Publisher) => ReactNode }) {
  const { translate } = useI18n();
  const { publisher } = useSession();
  if (publisher === null) return null;
  const rules = paymentsPageRules(getRuntimeConfig().environment, businessUnitIdOf(publisher));
  const target = switchTo === 'previous' ? { to: paths.previousPayments, key: 'payments.toPrevious' } : { to: paths.payments, key: 'payments.toProvider' };
  return (
    <PageLayout
      titleKey={titleKey}
      actions={
        <>
          {actions}
          {rules.showSwitch && (
            <Button component={RouterLink} to={target.to} variant="outlined" startIcon={<SwapHorizIcon aria-hidden />}>
              {translate(target.key)}
            </Button>
          )}
        </>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        {children(publisher)}
        <PaymentInfo items={rules.info} />
      </Box>
    </PageLayout>
  );
}

export function PaymentsPage() {
  return (
    <PaymentsLayout titleKey="payments.title" switchTo="previous">
      {(publisher) => <ProviderFrame reportType="payments" publisher={publisher} height={PAYMENTS_FRAME_HEIGHT} titleKey="payments.providerFrame" />}
    </PaymentsLayout>
  );
}

export function PreviousPaymentsPage() {
  const { publisher } = useSession();
  return (
    <PaymentsLayout titleKey="payments.previousTitle" switchTo="current" actions={publisher && <LedgerExportButton publisherId={publisher.id} />}>
      {(current) => (
        <>
          <NextPayment publisherId={current.id} />
          <PaymentLedger />
        </>
      )}
    </PaymentsLayout>
  );
}
