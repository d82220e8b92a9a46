/**
 * The header's language switcher: a button showing the current language that opens a menu of the four,
 * each written in its own language (on a phone the icons only: the button's name still says the language).
 * Switching keeps the page (react-admin re-renders it in the new language)
 * and is remembered in the portal_lang cookie (see src/i18n/locales.ts).
 */
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useI18n } from '../i18n/I18nContext';

export function LanguageMenu() {
  const { locale, locales, setLocale, translate } = useI18n();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = locales.find((entry) => entry.locale === locale) ?? locales[0];
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        endIcon={<ExpandMoreIcon />}
        aria-label={`${translate('language.label')}: ${current.name}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        <Box component="span" lang={current.locale} sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {current.name}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {locales.map((entry) => (
          <MenuItem
            key={entry.locale}
            lang={entry.locale}
            selected={entry.locale === locale}
            aria-current={entry.locale === locale ? 'true' : undefined}
            onClick={() => {
              setAnchor(null);
              if (entry.locale !== locale) void setLocale(entry.locale);
            }}
          >
            {entry.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
