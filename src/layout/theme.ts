/**
 * The portal's MUI theme on top of react-admin's default. Colours, radius and fonts match the public pages'
 * CSS (src/custom-pages/public/public.css) so sign-in and the portal look like one product. The font stack is
 * the system's (no web-font download) with Japanese faces named so ja text does not fall back to a serif.
 */
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"Noto Sans JP"',
  '"Hiragino Sans"',
  '"Yu Gothic"',
  'sans-serif',
].join(', ');

export const FOCUS_RING = '#f5a623';

export const portalTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1b4f9c', dark: '#123a75', contrastText: '#ffffff' },
    secondary: { main: '#0f6b63', contrastText: '#ffffff' },
    error: { main: '#c62828' },
    warning: { main: '#b45309' },
    success: { main: '#1b5e20' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: FONT_STACK },
  sidebar: { width: 260, closedWidth: 64 },
  components: {
    ...defaultTheme.components,
    MuiButtonBase: {
      styleOverrides: {
        // One visible keyboard focus ring everywhere, also on dark surfaces.
        root: { '&.Mui-focusVisible': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2 } },
      },
    },
    MuiLink: { defaultProps: { underline: 'hover' } },
    // Sentence case reads better than MUI's upper case and matches the public pages' buttons.
    MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
  },
};
