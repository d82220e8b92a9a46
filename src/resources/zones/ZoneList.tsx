/** /zones: replaced by the real list in the next commit; here so the route structure can land first. */
import { PageLayout } from '../../layout/PageLayout';

export const ZoneList = () => <PageLayout titleKey="zones.title" />;
