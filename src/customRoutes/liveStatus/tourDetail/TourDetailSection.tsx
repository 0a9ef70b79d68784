import { Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A part of the tour detail under its heading; `id` names the heading for the tables inside. */
export function TourDetailSection({
    id,
    title,
    children,
}: {
    id: string;
    title: string;
    children: ReactNode;
}) {
    return (
        <Paper
            component="section"
            variant="outlined"
            aria-labelledby={id}
            sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}
        >
            <Typography id={id} component="h2" variant="h6">
                {title}
            </Typography>
            {children}
        </Paper>
    );
}
