/**
 * /payments and /payments/previous (spec section 2 'Payments'): the payment provider's page (810 px, production
 * only) or the previous payments from the ledger, the button between the two (production only, non-legacy
 * publishers: the rule in src/lib/paymentInfo.ts) and the 'important info' list, always.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Link as RouterLink } from 'react-router-dom';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import { canAccess, subjectFromSession } from '../../dataProvider/canAccess';
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

/**
 * Outside production the switch button is not shown (spec section 2), yet the ledger is there: a plain link to it
 * wherever it is allowed (not for legacy just-premium publishers), so previous payments can be reached (issue 21).
 */
function LedgerLink({ publisher }: { publisher: Publisher }) {
  const { translate } = useI18n();
  const session = useSession();
  const rules = paymentsPageRules(getRuntimeConfig().environment, businessUnitIdOf(publisher));
  if (rules.showSwitch || !canAccess(subjectFromSession(session), 'payments.previous')) return null;
  return (
    <Typography>
      <Link component={RouterLink} to={paths.previousPayments} underline="always">
        {translate('payments.seePrevious')}
      </Link>
    </Typography>
  );
}

export function PaymentsPage() {
  return (
    <PaymentsLayout titleKey="payments.title" switchTo="previous">
      {(publisher) => (
        <>
          <ProviderFrame reportType="payments" publisher={publisher} height={PAYMENTS_FRAME_HEIGHT} titleKey="payments.providerFrame" />
          <LedgerLink publisher={publisher} />
        </>
      )}
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
