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
/** The one keyboard focus ring, for controls and links alike. */
const FOCUS_RING_STYLE = { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2 } as const;

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
    // One visible keyboard focus ring everywhere, also on dark surfaces: on controls, and on every link (the
    // links in tables had the browser's thin default while buttons and menu entries had this one).
    MuiCssBaseline: { styleOverrides: { 'a:focus-visible': FOCUS_RING_STYLE } },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING_STYLE } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    // Sentence case reads better than MUI's upper case and matches the public pages' buttons.
    MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
  },
};
