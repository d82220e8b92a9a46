/** The 'important info' list of the payments pages (spec sections 2 and 9; the rule in src/lib/paymentInfo.ts). */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { SectionCard } from '../../components/SectionCard';
import { useI18n } from '../../i18n/I18nContext';
import type { PaymentInfoItem } from '../../lib/paymentInfo';

export function PaymentInfo({ items }: { items: readonly PaymentInfoItem[] }) {
  const { translate } = useI18n();
  return (
    <SectionCard title={translate('payments.info.title')}>
      <List dense disablePadding sx={{ listStyle: 'disc', pl: 3 }}>
        {items.map((item) => (
          <ListItem key={item.key} disableGutters sx={{ display: 'list-item' }}>
            <ListItemText primary={translate(item.key)} secondary={item.disclaimerKey ? translate(item.disclaimerKey) : undefined} />
          </ListItem>
        ))}
      </List>
    </SectionCard>
  );
}
