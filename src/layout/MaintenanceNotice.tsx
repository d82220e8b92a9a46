/**
 * 'Under Maintenance' with 'Understood' (spec sections 2 and 8), shown once per page load while the runtime
 * configuration says maintenance is on. The acknowledgement is kept in memory only: spec section 4 allows no
 * other persisted state, and showing it again after a reload during maintenance is the safe side.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { useI18n } from '../i18n/I18nContext';

let acknowledged = false;

/** Tests only: a fresh page load (the component test files of a worker share this module). */
export function resetMaintenanceNoticeForTests(): void {
  acknowledged = false;
}

export function MaintenanceNotice() {
  const { translate } = useI18n();
  const [open, setOpen] = useState(() => getRuntimeConfig().maintenance && !acknowledged);
  const close = () => {
    acknowledged = true;
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="maintenance-title" aria-describedby="maintenance-message">
      <DialogTitle id="maintenance-title">{translate('layout.maintenance.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="maintenance-message">{translate('layout.maintenance.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          {translate('layout.maintenance.understood')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
