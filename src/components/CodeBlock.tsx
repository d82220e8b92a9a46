/**
 * Text to copy as it is (ads.txt lines, embed codes), in a monospace block that scrolls inside itself, so a long
 * line never widens the page. Focusable, so keyboard users can scroll it (axe scrollable-region-focusable), and
 * named, so a screen reader says what it holds.
 */
import Box from '@mui/material/Box';

export interface CodeBlockProps {
  /** Accessible name, e.g. 'ads.txt lines'. */
  label: string;
  children: string;
  /** Break long lines instead of scrolling (codes that are one long line). */
  wrap?: boolean;
}

export function CodeBlock({ label, children, wrap = false }: CodeBlockProps) {
  return (
    <Box
      component="pre"
      role="region"
      tabIndex={0}
      aria-label={label}
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'grey.100',
        borderRadius: 1,
        overflow: 'auto',
        maxHeight: 480,
        fontSize: '0.8125rem',
        lineHeight: 1.6,
        ...(wrap ? { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } : { whiteSpace: 'pre' }),
      }}
    >
      <code>{children}</code>
    </Box>
  );
}
