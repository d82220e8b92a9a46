/**
 * One section of a zone tab: a card with an h2 (the landmark screen readers jump between) and actions beside
 * it. The card is labelled by its heading, so it is a named region.
 */
import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface SectionCardProps {
  title: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

export function SectionCard({ title, actions, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
      {children}
    </Paper>
  );
}
