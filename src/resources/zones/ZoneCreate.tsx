/** /zones/new: replaced by the real form in a later commit; here so the route structure can land first. */
import { PageLayout } from '../../layout/PageLayout';

export const ZoneCreate = () => <PageLayout titleKey="zones.newTitle" />;
