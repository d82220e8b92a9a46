/**
 * The portal areas whose screens come in later issues (reporting, payments, blocking, account
 * settings). Until then each route shows its translated title in the shared PageLayout, so navigation, guards
 * and titles can be used and tested now; each component here is replaced by its real screen.
 */
import { PageLayout } from '../../layout/PageLayout';

export const GlobalBlocksArea = () => <PageLayout titleKey="blocking.title" />;
