/**
 * /account-settings/authorized-digital-sellers (spec sections 2 'Account settings', 3 'Ads.txt line', 7, 8): the
 * ads.txt lines the selected publisher should publish, asked for its id and business unit, shown as ads.txt or
 * app-ads.txt text (the same lines) with a copy button, and under them the checker of the publisher's own file.
 * Open to every publisher, legacy just-premium included.
 *
 * The ads.txt text is not a record, so it is read through the data provider's custom method getAdsTxt with
 * useCustomQuery (react-query, react-admin's way for custom methods); the app's read rules apply (queryClient.ts). A failure is
 * the persistent general error (spec section 8) and a retry in place of the text.
 */
import { useMemo, useState } from 'react';
import { useCustomQuery } from '../../dataProvider/useCustomQuery';
import { useSession } from '../../dataProvider/session';
import { PageLayout } from '../../components/PageLayout';
import { useFailureNotice } from '../../notices/useFailureNotice';
import { renderAdsTxt } from '../../lib/adsTxt';
import type { AdsTxtFileKind } from '../../lib/adsTxtParse';
import { AdsTxtChecker } from './AdsTxtChecker';
import { AdsTxtLines } from './AdsTxtLines';

export function AdsTxtPage() {
  const publisher = useSession().publisher;
  const [kind, setKind] = useState<AdsTxtFileKind>('ads.txt');
  const publisherId = publisher?.id ?? 0;
  const businessUnitId = publisher?.businessUnit.id ?? 1;
  const adsTxt = useCustomQuery(['adsTxt', publisherId, businessUnitId], (dataProvider, signal) => dataProvider.getAdsTxt(publisherId, [businessUnitId], signal), {
    enabled: publisher !== null,
  });
  useFailureNotice('getAdsTxt', adsTxt);
  const text = useMemo(() => (adsTxt.data ? renderAdsTxt(adsTxt.data) : undefined), [adsTxt.data]);

  return (
    <PageLayout titleKey="accountSettings.adsTxt">
      <AdsTxtLines
        kind={kind}
        onKindChange={setKind}
        text={text}
        loading={adsTxt.isPending}
        failed={adsTxt.isLoadingError}
        onRetry={() => void adsTxt.refetch()}
      />
      {adsTxt.data && <AdsTxtChecker kind={kind} lines={adsTxt.data} />}
    </PageLayout>
  );
}
